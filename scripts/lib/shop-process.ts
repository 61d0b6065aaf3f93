import { spawn, type ChildProcess } from "node:child_process";
import { repoRoot } from "../../infra/local/settings";

export interface ShopProcess {
  url: string;
  child: ChildProcess;
  output(): string;
  /** Ctrl-C, as a person would press it; resolves when every process of the group is gone. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs `npm start` as a developer would, in its own process group, with ports
 * and a data folder of its own so it never meets a developer's running shop.
 */
export async function startShopProcess(env: Record<string, string>, timeoutMs = 170_000): Promise<ShopProcess> {
  const child = spawn("npm", ["start"], {
    cwd: repoRoot,
    env: { ...process.env, ...env },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exit = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const stop = async (signal: NodeJS.Signals = "SIGINT") => {
    if (child.exitCode === null) {
      try {
        process.kill(-child.pid!, signal);
      } catch {
        // already gone
      }
    }
    const code = await exit;
    await new Promise((r) => setTimeout(r, 200));
    return code;
  };
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      // Not left running: whoever asked has given up on it.
      void stop();
      reject(new Error(`npm start was not ready after ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const check = () => {
      const ready = /Regrip is ready on (http:\/\/\S+)/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]);
      }
    };
    child.stdout!.on("data", check);
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited with code ${code}:\n${output}`));
    });
  });
  return { url, child, output: () => output, stop };
}
