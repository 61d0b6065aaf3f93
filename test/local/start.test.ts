/**
 * `npm start` as a developer meets it: clear one-line errors, a restart that
 * keeps the data, and Ctrl-C that leaves no process behind.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "../../infra/local/settings";
import { startShopProcess } from "../../scripts/lib/shop-process";
import { ownShopEnv, processesUsing } from "./support";

const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

const shopEnv = () => ownShopEnv(tempDir("regrip-local-"));

function npmStart(env: Record<string, string>) {
  return spawnSync("npm", ["start", "--silent"], { cwd: repoRoot, env: { ...process.env, ...env }, encoding: "utf8", timeout: 60_000 });
}

describe("npm start", () => {
  it("says in one line when the port is already in use", async () => {
    const env = await shopEnv();
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(Number(env.PORT), "127.0.0.1", resolve));
    try {
      const run = npmStart(env);
      expect(run.status).toBe(1);
      const lines = run.stderr.trim().split("\n").filter((line) => line.startsWith("[regrip]") || /^\s+at /.test(line));
      expect(lines).toEqual([`[regrip] Port ${env.PORT} (the shop) is already in use: stop whatever is using it, or set PORT in .env to another port.`]);
    } finally {
      blocker.close();
    }
  });

  it("says in one line when Java is missing", async () => {
    const env = await shopEnv();
    const bin = tempDir("regrip-nojava-");
    // A PATH with node, npm and sh but no java.
    symlinkSync(process.execPath, join(bin, "node"));
    for (const tool of ["npm", "sh"]) {
      symlinkSync(spawnSync("sh", ["-c", `command -v ${tool}`], { encoding: "utf8" }).stdout.trim(), join(bin, tool));
    }
    const run = npmStart({ ...env, PATH: bin });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("[regrip] Java was not found: DynamoDB Local needs Java 17 or newer");
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it("keeps the data across a restart and leaves no process behind on Ctrl-C", async () => {
    const env = await shopEnv();
    const first = await startShopProcess(env);
    expect(first.output()).toContain("Seeding the demo shop");
    const tokens = await fetch(`${first.url}/api/auth/local`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ username: "casey@regrip.test", password: "RegripPlay1" }),
    }).then((r) => r.json() as Promise<{ idToken: string }>);
    // Sign-in creates nothing new for a seeded user, so make the data we will look for after the restart:
    // a first sign-in of a user the restart must remember.
    const me = await fetch(`${first.url}/api/auth/user`, { headers: { authorization: `Bearer ${tokens.idToken}` } });
    expect(me.status).toBe(200);
    const poolBefore = JSON.parse(readFileSync(join(env.REGRIP_DATA_DIR, "state.json"), "utf8")).pool;
    await first.stop("SIGINT");
    expect(first.output()).toContain("[regrip] Stopping...");
    // Gone within seconds of Ctrl-C: a loaded machine can take a moment to reap the JVM after npm exits.
    await expect.poll(() => processesUsing(env.REGRIP_DATA_DIR), { timeout: 10_000 }).toEqual([]);

    const second = await startShopProcess(env);
    try {
      expect(second.output()).not.toContain("Seeding the demo shop");
      expect(JSON.parse(readFileSync(join(env.REGRIP_DATA_DIR, "state.json"), "utf8")).pool).toEqual(poolBefore);
      // The old token still verifies: same pool, same keys; the user item is still there.
      const again = await fetch(`${second.url}/api/auth/user`, { headers: { authorization: `Bearer ${tokens.idToken}` } });
      expect(again.status).toBe(200);
      expect(((await again.json()) as { firstName: string }).firstName).toBe("Casey");
      const services = (await fetch(`${second.url}/api/services`).then((r) => r.json())) as { coreServices: unknown[] };
      expect(services.coreServices).toHaveLength(3);
    } finally {
      await second.stop("SIGINT");
    }
    // Gone within seconds of Ctrl-C: a loaded machine can take a moment to reap the JVM after npm exits.
    await expect.poll(() => processesUsing(env.REGRIP_DATA_DIR), { timeout: 10_000 }).toEqual([]);
  });
});
