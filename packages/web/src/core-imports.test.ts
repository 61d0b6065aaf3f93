/**
 * The web app reads the server's rules from browser-safe modules only (no server code in its bundle): every `@regrip/core` import
 * of its source names `@regrip/core/shared/*`, and nothing those modules import, however deep, is a Node
 * built-in or a package other than zod. So no server code (AWS SDK, ElectroDB, Stripe, node:crypto) can ride
 * into the bundle by way of a rule the browser shows.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./test/source-files";

const webSrc = import.meta.dirname;
const coreSrc = resolve(webSrc, "../../core/src");

/** Every module a file names: static imports and re-exports, side-effect imports, dynamic imports. */
function specifiers(file: string): string[] {
  const code = readFileSync(file, "utf8");
  const found = [
    ...code.matchAll(/^\s*(?:import|export)\s[^;]*?\sfrom\s*["']([^"']+)["']/gms),
    ...code.matchAll(/^\s*import\s*["']([^"']+)["']/gm),
    ...code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g),
  ];
  return found.map((match) => match[1]!);
}

function resolveRelative(from: string, specifier: string): string {
  const base = resolve(dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")];
  const hit = candidates.find((path) => existsSync(path) && statSync(path).isFile());
  if (!hit) throw new Error(`${from}: cannot resolve ${specifier}`);
  return hit;
}

const isZod = (specifier: string) => specifier === "zod" || specifier.startsWith("zod/");

describe("what the web app takes from @regrip/core", () => {
  const coreImports = sourceFiles(webSrc).flatMap((file) =>
    specifiers(file)
      .filter((specifier) => specifier.startsWith("@regrip/core"))
      .map((specifier) => ({ file: relative(webSrc, file), specifier })),
  );

  it("is @regrip/core/shared/* only", () => {
    expect(coreImports.length).toBeGreaterThan(0);
    expect(coreImports.filter(({ specifier }) => !specifier.startsWith("@regrip/core/shared/"))).toEqual([]);
  });

  it("pulls in, however deep, nothing but zod beside core's own browser-safe modules", () => {
    const seen = new Set<string>();
    const refused: string[] = [];
    const visit = (file: string) => {
      if (seen.has(file)) return;
      seen.add(file);
      for (const specifier of specifiers(file)) {
        if (specifier.startsWith(".")) visit(resolveRelative(file, specifier));
        else if (!isZod(specifier)) refused.push(`${relative(coreSrc, file)} imports ${specifier}`);
      }
    };
    for (const { specifier } of coreImports) visit(resolveRelative(join(coreSrc, "shared", "_"), `./${specifier.slice("@regrip/core/shared/".length)}`));
    expect(seen.size).toBeGreaterThan(10);
    expect(refused).toEqual([]);
  });
});
