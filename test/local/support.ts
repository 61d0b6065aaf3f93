/** What the `local` tests share: a shop's own ports and data folder, and the processes left on that folder. */
import { readdirSync, readFileSync, readlinkSync } from "node:fs";
import { freePort } from "../../scripts/lib/ports";

/** Free ports for the shop and its stand-ins, and `dataDir` as its data folder: a shop of its own. */
export async function ownShopEnv(dataDir: string): Promise<Record<string, string>> {
  return {
    PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    COGNITO_PORT: String(await freePort()),
    REGRIP_DATA_DIR: dataDir,
  };
}

/** Processes whose command line or working directory mention `dir`. */
export function processesUsing(dir: string): string[] {
  const found: string[] = [];
  for (const pid of readdirSync("/proc").filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8").replace(/\0/g, " ");
      const cwd = readlinkSync(`/proc/${pid}/cwd`);
      if (cmdline.includes(dir) || cwd.startsWith(dir)) found.push(`${pid}: ${cmdline}`);
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}
