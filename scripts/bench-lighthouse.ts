/**
 * Lighthouse 12 (mobile preset: emulated phone, simulated slow 4G and CPU)
 * against a fresh `npm start` on free ports with its own data folder, in
 * Debian's Chromium: `/` signed out and `/booking` signed in as the seeded
 * customer, 3 runs each, medians printed with the budgets.
 *
 *   npm run bench:lighthouse          prints the figures, ok/over per budget
 *   BENCH_STRICT=1 npm run bench:lighthouse   exits 1 when a budget is over
 *   LIGHTHOUSE_RUNS=5 ...             more runs per page
 *   LIGHTHOUSE_PAGES=/booking ...     only these pages (comma-separated)
 *   LIGHTHOUSE_SHIFTS=1 ...           also prints each run's layout shifts, by element
 *   LIGHTHOUSE_JSON=/tmp/lh ...       also writes each run's full report there (its long tasks, script
 *                                     boot-up, network requests and LCP element, for finding what is slow)
 *
 * Budgets: performance >= 98 on `/` and >= 95 on `/booking`, CLS 0 on both.
 * Lighthouse figures move with the machine's load: the load average is printed beside them.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import lighthouse, { type Flags } from "lighthouse";
import { chromium } from "playwright-core";
import { loadSettings } from "../infra/local/settings";
import { freePort } from "./lib/ports";
import { startShopProcess } from "./lib/shop-process";

const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
/** Without the background-networking flags, Chromium's calls to Google's hosts are refused by the closed network. */
const chromeFlags = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
];
const runs = Number(process.env.LIGHTHOUSE_RUNS || 3);
const strict = process.env.BENCH_STRICT === "1";

interface Page {
  path: string;
  signedIn: boolean;
  performanceBudget: number;
}
const pages: Page[] = [
  { path: "/", signedIn: false, performanceBudget: 98 },
  { path: "/booking", signedIn: true, performanceBudget: 95 },
];
const clsBudget = 0;
const only = process.env.LIGHTHOUSE_PAGES?.split(",").map((path) => path.trim());
const showShifts = process.env.LIGHTHOUSE_SHIFTS === "1";
const jsonDir = process.env.LIGHTHOUSE_JSON;

interface Figures {
  performance: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** Debian's Chromium with a DevTools port and a profile of its own (so a sign-in stays for Lighthouse). */
async function startChromium(profile: string): Promise<{ port: number; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn(chromePath, [...chromeFlags, `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, "about:blank"], {
    stdio: "ignore",
  });
  const until = Date.now() + 30_000;
  for (;;) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/json/version`);
      if (answer.ok) return { port, child };
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error(`Chromium (${chromePath}) exited with code ${child.exitCode}`);
    if (Date.now() > until) throw new Error(`Chromium (${chromePath}) did not open its DevTools port`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** `renice` to 10 for every process and thread of the group `pgid` (and the processes it starts later). */
function lowerPriority(pgid: number): void {
  const result = spawnSync("renice", ["-n", "10", "-g", String(pgid)], { encoding: "utf8" });
  if (result.status !== 0) console.log(`(could not lower the shop's CPU priority: ${result.stderr.trim() || result.error})`);
}

const dataDir = mkdtempSync(join(tmpdir(), "regrip-lighthouse-"));
const profile = mkdtempSync(join(tmpdir(), "regrip-lighthouse-chromium-"));
const env = {
  PORT: String(await freePort()),
  DYNAMODB_PORT: String(await freePort()),
  COGNITO_PORT: String(await freePort()),
  REGRIP_DATA_DIR: dataDir,
};
let shop: Awaited<ReturnType<typeof startShopProcess>> | undefined;
let browser: ChildProcess | undefined;
let over = false;
try {
  shop = await startShopProcess(env);
  // The shop (its server, DynamoDB Local, cognito-local) at a lower CPU priority than Chromium: on a phone the API is
  // another machine, here it shares the two cores, and each API call the page makes took CPU from the page's main
  // thread while Lighthouse timed it (a task's wall time was up to four times its CPU time).
  lowerPriority(shop.child.pid!);
  const chrome = await startChromium(profile);
  browser = chrome.child;
  const { seed } = loadSettings(env);

  // Through the same browser: sign the seeded customer in on /login (the session stays in the profile's
  // storage), and load each page once so the shop has compressed its files before anything is measured.
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const context = cdp.contexts()[0];
  const tab = await context.newPage();
  await tab.goto(`${shop.url}/`);
  await tab.goto(`${shop.url}/login`);
  await tab.getByRole("button", { name: /^Sign in with/ }).click();
  const form = tab.getByRole("form", { name: "Customer sign-in" });
  await form.getByLabel("Email").fill(seed.customer.username);
  await form.getByLabel("Password").fill(seed.customer.password);
  await form.getByRole("button", { name: "Sign In" }).click();
  await tab.waitForURL((url) => url.pathname === "/booking", { timeout: 60_000 });
  await tab.getByRole("heading", { name: "Choose your core service" }).waitFor({ timeout: 60_000 });
  const devtools = await context.newCDPSession(tab);
  await tab.goto("about:blank");

  const load = loadavg().map((n) => n.toFixed(2)).join(", ");
  console.log(`Lighthouse 12, mobile preset, ${runs} runs per page (medians); Chromium ${chromePath}; load average ${load}`);
  const rows: string[] = [];
  for (const page of pages.filter((p) => !only || only.includes(p.path))) {
    const results: Figures[] = [];
    for (let run = 0; run < runs; run++) {
      // Lighthouse resets the origin's storage (and so the sign-in) unless told not to; the HTTP cache is
      // emptied here instead, so every run is a first visit for the files.
      if (page.signedIn) await devtools.send("Network.clearBrowserCache");
      const flags: Flags = {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance"],
        disableStorageReset: page.signedIn,
        // Taken after the page is measured, and no figure printed here reads it.
        disableFullPageScreenshot: true,
      };
      const result = await lighthouse(`${shop.url}${page.path}`, flags);
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse gave no result for ${page.path}`);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (jsonDir) {
        mkdirSync(jsonDir, { recursive: true });
        writeFileSync(join(jsonDir, `${page.path.replace(/\W+/g, "-").replace(/^-|-$/g, "") || "landing"}-${run + 1}.json`), JSON.stringify(lhr));
      }
      if (page.signedIn && new URL(lhr.finalDisplayedUrl).pathname !== page.path) {
        throw new Error(`Lighthouse on ${page.path} ended on ${lhr.finalDisplayedUrl}: the sign-in did not hold`);
      }
      const figures = {
        performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
        lcpMs: lhr.audits["largest-contentful-paint"].numericValue ?? NaN,
        tbtMs: lhr.audits["total-blocking-time"].numericValue ?? NaN,
        cls: lhr.audits["cumulative-layout-shift"].numericValue ?? NaN,
      };
      results.push(figures);
      console.log(
        `  ${page.path} run ${run + 1}: performance ${figures.performance}, LCP ${(figures.lcpMs / 1000).toFixed(1)} s, ` +
          `TBT ${Math.round(figures.tbtMs)} ms, CLS ${figures.cls.toFixed(3)}`,
      );
      if (showShifts) {
        const items = (lhr.audits["layout-shifts"]?.details as { items?: { score: number; node?: { selector?: string; snippet?: string } }[] } | undefined)?.items ?? [];
        for (const item of items) console.log(`      shift ${item.score.toFixed(4)}  ${item.node?.selector ?? "?"}  ${item.node?.snippet?.slice(0, 120) ?? ""}`);
      }
    }
    const m: Figures = {
      performance: median(results.map((r) => r.performance)),
      lcpMs: median(results.map((r) => r.lcpMs)),
      tbtMs: median(results.map((r) => r.tbtMs)),
      cls: median(results.map((r) => r.cls)),
    };
    const performanceOk = m.performance >= page.performanceBudget;
    const clsOk = m.cls <= clsBudget;
    over ||= !performanceOk || !clsOk;
    rows.push(
      `${page.path.padEnd(9)} ${(page.signedIn ? "signed in" : "signed out").padEnd(11)}` +
        `performance ${String(m.performance).padStart(3)} (>= ${page.performanceBudget} ${performanceOk ? "ok" : "OVER"})   ` +
        `LCP ${(m.lcpMs / 1000).toFixed(1)} s   TBT ${Math.round(m.tbtMs)} ms   ` +
        `CLS ${m.cls.toFixed(3)} (<= ${clsBudget} ${clsOk ? "ok" : "OVER"})`,
    );
  }
  console.log("");
  for (const row of rows) console.log(row);
  console.log(`load average after: ${loadavg().map((n) => n.toFixed(2)).join(", ")}`);
  await cdp.close().catch(() => undefined);
} finally {
  if (browser && browser.exitCode === null) browser.kill("SIGTERM");
  await shop?.stop();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(profile, { recursive: true, force: true });
}
if (over && strict) {
  console.error("A Lighthouse budget is over (BENCH_STRICT=1).");
  process.exit(1);
}
