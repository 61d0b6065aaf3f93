import { spawnSync, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";

/** A problem the person running `npm start` can fix; printed as one line, no stack trace. */
export class StartupError extends Error {}

export async function assertPortFree(port: number, what: string, variable: string): Promise<void> {
  const free = await new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once("error", () => resolve(false));
    probe.listen({ port, host: "127.0.0.1", exclusive: true }, () => probe.close(() => resolve(true)));
  });
  if (!free) {
    throw new StartupError(
      `Port ${port} (${what}) is already in use: stop whatever is using it, or set ${variable} in .env to another port.`,
    );
  }
}

/** DynamoDB Local is a Java program: it needs Java 17 or newer. Answers the major version (0 when unreadable). */
export function assertJava(): number {
  // `java -version` prints on stderr.
  const run = spawnSync("java", ["-version"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  const output = `${run.stdout ?? ""}${run.stderr ?? ""}`;
  if (run.error || !output.includes("version")) {
    throw new StartupError(
      "Java was not found: DynamoDB Local needs Java 17 or newer (on Debian: apt-get install -y openjdk-17-jre-headless).",
    );
  }
  const match = /version "(\d+)/.exec(output);
  if (match && Number(match[1]) < 17) {
    throw new StartupError(`Java ${match[1]} found: DynamoDB Local needs Java 17 or newer.`);
  }
  return match ? Number(match[1]) : 0;
}

export async function waitUntil(what: string, check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new StartupError(`${what} did not become ready within ${Math.round(timeoutMs / 1000)} s.`);
}

/**
 * The child processes of one local shop. `stopAll` ends each and waits for it,
 * so Ctrl-C leaves no java or node process behind.
 */
export class ChildSet {
  private readonly children: { name: string; child: ChildProcess }[] = [];

  add(name: string, child: ChildProcess): ChildProcess {
    this.children.push({ name, child });
    return child;
  }

  /** Rejects as soon as any child exits before `stopAll` was called. */
  watch(onUnexpectedExit: (name: string, code: number | null) => void): void {
    for (const { name, child } of this.children) {
      child.once("exit", (code) => {
        if (!this.stopping) onUnexpectedExit(name, code);
      });
    }
  }

  private stopping = false;

  async stopAll(timeoutMs = 5000): Promise<void> {
    this.stopping = true;
    await Promise.all(
      this.children.map(({ child }) => {
        if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
        return new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            child.kill("SIGKILL");
            resolve();
          }, timeoutMs);
          child.once("exit", () => {
            clearTimeout(timer);
            resolve();
          });
          child.kill("SIGTERM");
        });
      }),
    );
  }
}
