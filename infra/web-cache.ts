/**
 * How long browsers (and CloudFront) keep the web app's files, in one place
 * for the local server (infra/local/server.ts) and the Web stack's upload
 * (stacks/Web.ts, StaticSite's assets.fileOptions).
 *
 * Vite names every built script, stylesheet and font under `assets/` by its
 * content hash, so a new build gives new names: those are kept for a year and
 * never revalidated. Everything else (the pages' HTML, favicon.svg) is
 * revalidated on every use, so a deploy is seen at once.
 */
export const hashedAssetsDir = "assets";
export const hashedAssetCacheControl = "public, max-age=31536000, immutable";
export const revalidatedCacheControl = "no-cache";

/**
 * How many days the previous build's files stay on the site after a deploy replaced them (stacks/Web.ts): a page
 * open since before the deploy still asks for its chunks by their old names, and reloads to the new build only when
 * one is missing (packages/web/src/lib/load-chunk.ts).
 */
export const previousBuildDays = 1;
/** The tag a file of a previous build carries while it waits out those days. */
export const previousBuildTag = { key: "regrip-previous-build", value: "true" } as const;

/** The Cache-Control for a request path of the web app (`/assets/index-abc.js`, `/`, `/favicon.svg`). */
export function webCacheControl(pathname: string): string {
  return pathname.startsWith(`/${hashedAssetsDir}/`) ? hashedAssetCacheControl : revalidatedCacheControl;
}
