/**
 * The pages rendered to HTML at build time (packages/web/vite.config.ts), from
 * the same React components the app hydrates. The local server (infra/local/server.ts)
 * and CloudFront's spaRouting function (stacks/Web.ts) answer these paths with
 * `file` (under packages/web/dist); every other page path gets the empty
 * index.html. Each file ends in index.html, so neither serves it raw under its own name.
 */
export interface PrerenderedPage {
  /**
   * The route, as the browser asks for it. A `:name` segment stands for any one segment without a dot (`/b/:slug`): the
   * page is a shell rendered once, the same for each (it reads its data after load).
   */
  path: string;
  /** Where the build writes its HTML, relative to dist. */
  file: string;
  /** The page's module, relative to packages/web (its chunk's CSS is linked in the HTML). */
  module: string;
}

export const prerenderedPages: readonly PrerenderedPage[] = [
  { path: "/", file: "prerendered/index.html", module: "src/pages/landing/LandingPage.tsx" },
  { path: "/onsite", file: "prerendered/onsite/index.html", module: "src/pages/onsite/ClubDaysPage.tsx" },
  // The booking page as its first render shows it (the header, each step waiting for its data): it paints with the HTML.
  { path: "/booking", file: "prerendered/booking/index.html", module: "src/pages/booking/BookingPage.tsx" },
  { path: "/terms", file: "prerendered/terms/index.html", module: "src/pages/legal/TermsPage.tsx" },
  { path: "/privacy", file: "prerendered/privacy/index.html", module: "src/pages/legal/PrivacyPage.tsx" },
  // The bag status page behind each bag's QR: one shell for every slug.
  { path: "/b/:slug", file: "prerendered/b/index.html", module: "src/pages/bag/BagPage.tsx" },
];

/** The prefix of a shell page's paths (`/b/` for `/b/:slug`), or undefined for a page of one path. */
export function shellPrefix(path: string): string | undefined {
  const at = path.indexOf("/:");
  return at >= 0 && path.indexOf("/", at + 1) === -1 ? path.slice(0, at + 1) : undefined;
}

/** Whether `pathname` is one of the shell's paths: the prefix, then one segment without a slash or a dot. */
function inShell(prefix: string, pathname: string): boolean {
  const rest = pathname.slice(prefix.length);
  return pathname.startsWith(prefix) && rest.length > 0 && !rest.includes("/") && !rest.includes(".");
}

/** The prerendered file for a request path, if it has one. */
export function prerenderedFile(pathname: string): string | undefined {
  return prerenderedPages.find((page) => {
    const prefix = shellPrefix(page.path);
    return prefix ? inShell(prefix, pathname) : page.path === pathname;
  })?.file;
}
