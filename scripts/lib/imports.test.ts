/**
 * The shape of the code, checked as the tests check behaviour: no import cycle between modules, no
 * export that nothing imports. Both read the three packages' source as it is, so a cycle or a dead export added
 * later fails here, the files named.
 */
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { importCycles, importGraph } from "./imports";

const root = resolve(import.meta.dirname, "../..");

describe("the import graph", () => {
  it("finds a cycle where there is one, and none in a chain", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts", "d.ts"]],
      ["d.ts", []],
      ["e.ts", ["d.ts"]],
    ]);
    expect(importCycles(graph)).toEqual([["a.ts", "b.ts", "c.ts"]]);
    expect(importCycles(new Map([["a.ts", ["b.ts"]], ["b.ts", []]]))).toEqual([]);
  });

  it("follows relative, @regrip/* and lazy imports across the packages", () => {
    const graph = importGraph();
    // web → core through the package's exports map
    expect(graph.get("web/src/lib/validation.ts")).toContain("core/src/shared/paddle-input.ts");
    // a dynamic import() counts
    expect(graph.get("web/src/auth/load-amplify.ts")).toContain("web/src/auth/amplify-runtime.ts");
  });
});

describe("the code's shape", () => {
  it("has no import cycle in packages/ (type-only and lazy imports counted)", () => {
    expect(importCycles()).toEqual([]);
  });

  it("declares every domain function so a bundle can leave it out: fn(...) marked pure, its input schema named", () => {
    // esbuild keeps a top-level call unless it is marked pure and every argument can go too; a route's Lambda
    // would otherwise carry each domain module it touches whole (actor/fn.ts, npm run bench:lambda).
    const coreSrc = join(root, "packages/core/src");
    const files = (readdirSync(coreSrc, { recursive: true }) as string[]).filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts"));
    const wrong: string[] = [];
    let declared = 0;
    for (const file of files) {
      const text = readFileSync(join(coreSrc, file), "utf8");
      for (const match of text.matchAll(/^export const (\w+) = ([^\n=]*?)\bfn\(\s*\{ role: "\w+", input: ([^}]*)\}/gms)) {
        declared++;
        if (match[2] !== "/* @__PURE__ */ ") wrong.push(`${relative(root, join(coreSrc, file))} ${match[1]}: not marked /* @__PURE__ */`);
        if (!/^[A-Za-z_][\w.]*\s*$/.test(match[3])) wrong.push(`${relative(root, join(coreSrc, file))} ${match[1]}: its input is built inline (${match[3].trim()}), name it`);
      }
    }
    expect(declared).toBeGreaterThan(50);
    expect(wrong).toEqual([]);
  });

  it("exports nothing that no other file imports (knip, with knip.json's entries)", () => {
    let report = "";
    try {
      execFileSync(resolve(root, "node_modules/.bin/knip"), ["--include", "exports,nsExports,types,nsTypes", "--no-progress", "--reporter", "compact"], {
        cwd: root,
        encoding: "utf8",
        stdio: "pipe",
      });
    } catch (error) {
      report = String((error as { stdout?: string }).stdout || error);
    }
    expect(report).toBe("");
  }, 120_000);
});
