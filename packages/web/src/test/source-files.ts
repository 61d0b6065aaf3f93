import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";

/** The TypeScript sources below `dir`, tests and declaration files left out: what the source-shape tests read. */
export function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [path] : [];
  });
}
