import { chromium, type Browser } from "playwright-core";

declare module "vitest" {
  export interface ProvidedContext {
    /** Origin of the shop the global setup started with `npm start`. */
    baseUrl: string;
  }
}

/** Debian's Chromium, never a downloaded one (`playwright install` is not used). */
export const chromiumPath = "/usr/bin/chromium";

export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-quic",
  "--no-first-run",
];

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
}
