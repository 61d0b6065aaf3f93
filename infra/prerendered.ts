/**
 * The pages rendered to HTML at build time (packages/web/vite.config.ts), from
 * the same React components the app hydrates. The local server (infra/local/server.ts)
 * and CloudFront's spaRouting function (stacks/Web.ts) answer these paths with
 * `file` (under packages/web/dist); every other page path gets the empty
 * index.html. Each file ends in index.html, so neither serves it raw under its own name.
 */
export interface PrerenderedPage {
  /** The route, as the browser asks for it. */
  path: string;
  /** Where the build writes its HTML, relative to dist. */
  file: string;
  /** The page's module, relative to packages/web (its chunk's CSS is linked in the HTML). */
  module: string;
}

export const prerenderedPages: readonly PrerenderedPage[] = [
  { path: "/", file: "prerendered/index.html", module: "src/pages/landing/LandingPage.tsx" },
  { path: "/onsite", file: "prerendered/onsite/index.html", module: "src/pages/onsite/OnsitePage.tsx" },
  { path: "/terms", file: "prerendered/terms/index.html", module: "src/pages/legal/TermsPage.tsx" },
  { path: "/privacy", file: "prerendered/privacy/index.html", module: "src/pages/legal/PrivacyPage.tsx" },
];

/** The prerendered file for a request path, if it has one. */
export function prerenderedFile(pathname: string): string | undefined {
  return prerenderedPages.find((page) => page.path === pathname)?.file;
}
