/**
 * The import graph of the three packages' source (tests left out), for the checks that keep the code one way
 * round: no import cycle between modules (scripts/lib/imports.test.ts). Every import counts, type-only and
 * dynamic ones too: a cycle through `import type` still ties two modules' meanings together, and one through a
 * lazy `import()` still loads both in one bundle.
 *
 * A file that imports itself (`export * as Orders from "./index"`, the namespace every domain module gives its
 * callers) is not a cycle.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const root = resolve(import.meta.dirname, "../..");
const packagesDir = join(root, "packages");

const isSource = (name: string) => /\.(ts|tsx)$/.test(name) && !/\.test\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "node_modules" || name === "test" ? [] : sourceFiles(path);
    return isSource(name) ? [path] : [];
  });
}

/** `@regrip/core/<x>` as packages/core/package.json's exports map it. */
function packageTarget(specifier: string): string | null {
  const match = /^@regrip\/(core|functions|web)\/(.+)$/.exec(specifier);
  if (!match) return null;
  const [, pkg, sub] = match;
  const manifest = JSON.parse(readFileSync(join(packagesDir, pkg, "package.json"), "utf8")) as { exports?: Record<string, string> };
  for (const [pattern, target] of Object.entries(manifest.exports ?? {})) {
    const key = pattern.replace(/^\.\//, "");
    const star = key.indexOf("*");
    const hit = star < 0 ? (key === sub ? "" : null) : sub.startsWith(key.slice(0, star)) && sub.endsWith(key.slice(star + 1)) ? sub.slice(star, sub.length - (key.length - star - 1)) : null;
    if (hit !== null) return join(packagesDir, pkg, target.replace("*", hit));
  }
  return null;
}

function resolveImport(from: string, specifier: string, known: Set<string>): string | null {
  const base = specifier.startsWith(".") ? resolve(dirname(from), specifier) : packageTarget(specifier);
  if (!base) return null;
  for (const candidate of [base, base.replace(/\.js$/, ".ts"), `${base}.ts`, `${base}.tsx`, join(base, "index.ts"), join(base, "index.tsx")]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

/** Each source file (relative to packages/) and the source files it imports. */
export function importGraph(): Map<string, string[]> {
  const files = ["core", "functions", "web"].flatMap((pkg) => sourceFiles(join(packagesDir, pkg, "src")));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const info = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
    const targets = info.importedFiles
      .map((ref) => resolveImport(file, ref.fileName, known))
      .filter((target): target is string => !!target && target !== file);
    graph.set(relative(packagesDir, file), [...new Set(targets.map((target) => relative(packagesDir, target)))]);
  }
  return graph;
}

/** The cycles of the graph: each strongly connected group of two or more files, sorted. */
export function importCycles(graph: Map<string, string[]> = importGraph()): string[][] {
  // Tarjan's algorithm.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (node: string) => {
    index.set(node, next);
    low.set(node, next++);
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node)!, index.get(to)!));
      }
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return groups.sort((a, b) => a[0].localeCompare(b[0]));
}
