/**
 * The order `npm test` starts its files in. Every project shares one queue on the two workers (vitest.config.ts);
 * vitest's own order is by project name (browser, infra, integration, local, unit), then longest first by the timings
 * in its cache, which a clean clone (CI) does not have.
 *
 * - integration first: its files need only its global setup, and while they run the browser project's two shops,
 *   started in the background by the browser global setup, come up (the browser files would otherwise wait for them);
 * - then browser, infra, local, and the unit files last: the many short files at the end keep both workers busy to
 *   the end instead of one waiting for the other's long file;
 * - in each project the files known to be its longest start first, then vitest's own order (longest first by its
 *   cache when it has one).
 */
import { relative } from "node:path";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const projectOrder = ["integration", "browser", "infra", "local", "unit-mocks", "unit"];

/** Each project's longest files (`npm run bench:test` prints the slowest), longest first. */
const longestFirst = [
  "test/integration/hostile.test.ts",
  "test/browser/schedule-console.test.ts",
  "test/browser/members.test.ts",
  "test/browser/customer-controls.test.ts",
  "test/browser/console.test.ts",
  "test/browser/staff-journeys.test.ts",
  "test/browser/where-when.test.ts",
  "test/infra/grants.test.ts",
  "test/infra/bundling.test.ts",
  "test/local/start.test.ts",
  "test/local/stage-tools.test.ts",
  "test/local/faults.test.ts",
];

export class SuiteSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const vitests = await super.sort(files);
    const root = this.ctx.config.root;
    const rank = (list: string[], value: string) => {
      const at = list.indexOf(value);
      return at < 0 ? list.length : at;
    };
    const keyed = vitests.map((spec, index) => ({
      spec,
      index,
      project: rank(projectOrder, spec.project.name),
      known: rank(longestFirst, relative(root, spec.moduleId)),
    }));
    keyed.sort((a, b) => a.project - b.project || a.known - b.known || a.index - b.index);
    return keyed.map(({ spec }) => spec);
  }
}
