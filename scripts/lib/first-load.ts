/**
 * The gzip size of the JS a page loads first: the entry's static imports, plus
 * the page's lazy route chunk and its static imports (dynamic imports, such as
 * dialogs opened on demand, are not counted). kB of 1000 bytes, as Vite reports.
 *
 *   npm run bench:bundle   (scripts/bench-bundle.ts)
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";

export const webDist = fileURLToPath(new URL("../../packages/web/dist", import.meta.url));

function staticImports(assets: string, file: string): string[] {
  const code = readFileSync(join(assets, file), "utf8");
  const found = new Set<string>();
  // `import{a}from"./x.js"`, `import"./x.js"` and `export{a}from"./x.js"`; never `import("./x.js")`.
  for (const match of code.matchAll(/(?:^|[;\n}])\s*import\s*(?:[\w${},\s*]+from\s*)?["']\.\/([^"']+\.js)["']/g)) found.add(match[1]);
  for (const match of code.matchAll(/export\s*\{[^}]*\}\s*from\s*["']\.\/([^"']+\.js)["']/g)) found.add(match[1]);
  return [...found];
}

export interface FirstLoad {
  files: string[];
  gzipBytes: number;
}

/** `page` is the route chunk's name, e.g. "BookingPage" for assets/BookingPage-<hash>.js. */
export function firstLoad(page: string, dist = webDist): FirstLoad {
  const assets = join(dist, "assets");
  const html = readFileSync(join(dist, "index.html"), "utf8");
  const entry = /<script type="module"[^>]*src="\/assets\/([^"]+)"/.exec(html)?.[1];
  if (!entry) throw new Error("index.html has no module entry");
  const chunk = readdirSync(assets).find((file) => file.startsWith(`${page}-`) && file.endsWith(".js"));
  if (!chunk) throw new Error(`No chunk for ${page} in ${assets}`);
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    staticImports(assets, file).forEach(visit);
  };
  [entry, chunk].forEach(visit);
  const gzipBytes = [...seen].reduce((sum, file) => sum + gzipSync(readFileSync(join(assets, file)), { level: 9 }).length, 0);
  return { files: [...seen], gzipBytes };
}

