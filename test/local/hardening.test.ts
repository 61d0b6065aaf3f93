/**
 * The local shop under attack, met as an attacker would meet `npm start`
 * (issue 7, findings 1, 2 and 9):
 *
 * - it listens on loopback only (HOST), and so does cognito-local;
 * - `/cognito/` forwards only what the browser calls, never an Admin* operation, with no wildcard CORS;
 * - a malformed request never stops it, and Ctrl-C finishes even with a half-sent request open;
 * - bodies over API Gateway's 10 MB limit get 413, whether announced by Content-Length or chunked.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { connect, type Socket } from "node:net";
import { networkInterfaces, tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadSettings } from "../../infra/local/settings";
import { freePort } from "../../scripts/lib/ports";
import { startShopProcess, type ShopProcess } from "../../scripts/lib/shop-process";

const dataDir = mkdtempSync(join(tmpdir(), "regrip-hardening-"));
let env: Record<string, string>;
let shop: ShopProcess | undefined;

beforeAll(async () => {
  env = {
    PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    COGNITO_PORT: String(await freePort()),
    REGRIP_DATA_DIR: dataDir,
  };
  // No HOST of our own (an empty one overrides any the test runner has): the default must be loopback.
  shop = await startShopProcess({ ...env, HOST: "" });
}, 240_000);

afterAll(async () => {
  await shop?.stop("SIGINT");
  rmSync(dataDir, { recursive: true, force: true });
});

/** Answers whether a TCP connection to host:port is accepted within a second. */
function accepts(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port, timeout: 1000 });
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

/** An IPv4 address of this machine that is not loopback, if it has one. */
const outward = Object.values(networkInterfaces())
  .flat()
  .find((a) => a && a.family === "IPv4" && !a.internal)?.address;

describe("binding", () => {
  it.skipIf(!outward)(`answers on 127.0.0.1 only, not on this machine's other address (${outward ?? "none: skipped, this machine has no non-loopback IPv4 address"})`, async () => {
    expect(await accepts("127.0.0.1", Number(env.PORT))).toBe(true);
    expect(await accepts(outward!, Number(env.PORT))).toBe(false);
    // cognito-local too: only the shop reaches it.
    expect(await accepts("127.0.0.1", Number(env.COGNITO_PORT))).toBe(true);
    expect(await accepts(outward!, Number(env.COGNITO_PORT))).toBe(false);
  });
});
