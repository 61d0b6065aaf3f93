import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { LocalPool } from "./cognito";

/** What a local shop remembers between starts, kept beside its data. */
export interface LocalState {
  pool?: LocalPool;
  seededAt?: string;
}

export function readState(dataDir: string): LocalState {
  const file = join(dataDir, "state.json");
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as LocalState) : {};
}

export function writeState(dataDir: string, state: LocalState): void {
  mkdirSync(dataDir, { recursive: true });
  writeFileSync(join(dataDir, "state.json"), `${JSON.stringify(state, null, 2)}\n`);
}
