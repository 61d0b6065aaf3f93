import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import react from "@vitejs/plugin-react";
import { build, defineConfig, loadEnv, type Plugin } from "vite";
import { prerenderedPages } from "../../infra/prerendered.js";

/**
 * The runtime config of index.html (`%VITE_X%`). A name left unset at build
 * time becomes the placeholder `{{ VITE_X }}`, which SST's StaticSite fills at
 * deploy time and the local server fills when it serves index.html.
 */
const runtimeConfigNames = [
  "VITE_REGION",
  "VITE_USER_POOL_ID",
  "VITE_USER_POOL_CLIENT_ID",
  "VITE_USER_POOL_ENDPOINT",
  "VITE_OAUTH_DOMAIN",
  "VITE_SITE_URL",
] as const;

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** index.html with a page's markup inside #root, its title and description, and its chunk's CSS linked. */
export function prerenderedHtml(template: string, page: { html: string; title?: string; description?: string; css: string[] }): string {
  let html = template.replace('<div id="root"></div>', () => `<div id="root">${page.html}</div>`);
  if (!html.includes(page.html)) throw new Error("index.html has no empty <div id=\"root\"></div>");
  if (page.title) {
    const title = escapeHtml(page.title);
    html = html
      .replace(/<title>[^<]*<\/title>/, () => `<title>${title}</title>`)
      .replace(/(<meta (?:property="og:title"|name="twitter:title") content=")[^"]*"/g, (_, start: string) => `${start}${title}"`);
  }
  if (page.description) {
    const description = escapeHtml(page.description);
    html = html.replace(
      /(<meta (?:name="description"|property="og:description"|name="twitter:description") content=")[^"]*"/g,
      (_, start: string) => `${start}${description}"`,
    );
  }
  // Linked as Vite's preload helper links them, so loading the chunk later does not add them twice. The page's chunks
  // are not preloaded here: its markup is already in the HTML, so they only hydrate it, and the app's script asks for
  // them all at once (the preload helper). Named in the HTML, even at low priority, they were fetched before the page's
  // first paint, and Lighthouse's simulation counts every request begun by then against the largest paint (LCP 2.6 s
  // on /booking with them, 1.7 s without).
  const links = page.css.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`);
  return html.replace("</head>", () => `  ${links.join("\n    ")}\n  </head>`);
}

/**
 * After the client build: builds src/prerender.tsx for Node, renders the pages
 * of infra/prerendered.ts with it and writes them beside index.html, with the
 * same `{{ VITE_X }}` placeholders (filled when served, or by SST at deploy).
 */
function prerenderPages(): Plugin {
  const webDir = import.meta.dirname;
  const ssrRoot = join(webDir, "dist-ssr");
  let outDir = "";
  const pageCss = new Map<string, string[]>();
  return {
    name: "regrip-prerender",
    apply: (config, env) => env.command === "build" && !config.build?.ssr,
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      const chunkOf = (module: string) => {
        const moduleId = resolve(webDir, module);
        const chunk = Object.values(bundle).find((item) => item.type === "chunk" && item.facadeModuleId === moduleId);
        if (!chunk || chunk.type !== "chunk") throw new Error(`No chunk for ${module}`);
        return chunk;
      };
      for (const page of prerenderedPages) {
        const css = new Set<string>();
        const seen = new Set<string>();
        const visit = (fileName: string) => {
          const item = bundle[fileName];
          if (!item || item.type !== "chunk" || seen.has(fileName) || item.isEntry) return;
          seen.add(fileName);
          for (const file of item.viteMetadata?.importedCss ?? []) css.add(`/${file}`);
          item.imports.forEach(visit);
        };
        visit(chunkOf(page.module).fileName);
        pageCss.set(page.path, [...css]);
      }
    },
    async closeBundle(error?: Error) {
      if (error) return;
      // A folder per build: Node caches an imported module by its path.
      const ssrDir = join(ssrRoot, String(Date.now()));
      await build({
        root: webDir,
        mode: "production",
        logLevel: "warn",
        build: { ssr: join(webDir, "src/prerender.tsx"), outDir: ssrDir, emptyOutDir: true, copyPublicDir: false, minify: false },
      });
      try {
        const { renderPage } = (await import(pathToFileURL(join(ssrDir, "prerender.js")).href)) as typeof import("./src/prerender");
        const template = readFileSync(join(outDir, "index.html"), "utf8");
        for (const page of prerenderedPages) {
          const rendered = await renderPage(page.path);
          const file = join(outDir, page.file);
          mkdirSync(dirname(file), { recursive: true });
          writeFileSync(file, prerenderedHtml(template, { ...rendered, css: pageCss.get(page.path)! }));
        }
      } finally {
        rmSync(ssrRoot, { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig(({ command, mode }) => {
  // A build is the production build even when a test runner starts it (vitest sets NODE_ENV=test, which
  // Vite would otherwise honour): the browser tests must meet the same React, and the same size, as customers.
  if (command === "build" && mode === "production") process.env.NODE_ENV = "production";
  // Vite reads env after this function runs; `.env*` files of this folder still win over a placeholder.
  const fromFiles = loadEnv(mode, import.meta.dirname, "VITE_");
  for (const name of runtimeConfigNames) {
    if (process.env[name] === undefined && fromFiles[name] === undefined) process.env[name] = `{{ ${name} }}`;
  }
  const localShop = `http://localhost:${process.env.PORT ?? 3000}`;
  // react-router's package exports name only its development build, warnings and all (remix-run/react-router#12532):
  // a build takes its production build, which the package ships beside it (a few KB less on every first load).
  const reactRouterProduction = join(dirname(createRequire(import.meta.url).resolve("react-router/package.json")), "dist/production/index.mjs");
  return {
    resolve: command === "build" ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
    plugins: [react(), prerenderPages()],
    // No module-preload polyfill on every page's first load: the browsers the build targets preload modules
    // themselves, and one that does not still loads every chunk, only without the head start.
    // Chunk names with 7 hash characters rather than 8 (the fewest rolldown allows for this many chunks): every lazy
    // page's chunk and its dependencies are named in the entry's preload map, which is on every page's first load
    // (0.1 KB of gzip less: room for the bag page's route). 42 bits still tell a build's files apart, and
    // every name still changes with its content.
    // An `import()` names no chunks to preload: Vite's helper would add a <link rel="modulepreload"> to the head for
    // each chunk the imported module needs, inside the render that first meets a lazy component (the header's account
    // area, a page): a quarter of /booking's script time on a throttled phone. The browser asks for those chunks itself
    // once the imported module arrives; the HTML still preloads what the entry imports.
    build: {
      outDir: "dist",
      emptyOutDir: true,
      modulePreload: { polyfill: false, resolveDependencies: (_file, deps, { hostType }) => (hostType === "html" ? deps : []) },
      // The console's Cloudscape chunk is about 900 kB before compression (see codeSplitting below); customer pages
      // have budgets of their own (scripts/lib/bundle-budget.ts).
      chunkSizeWarningLimit: 1000,
      rollupOptions: {
        output: {
          // A page's chunk keeps its name (the first-load budgets and tests find a page by it); a shared chunk is named
          // by its hash alone: each name is in that preload map, and a shared module's name there bought nothing.
          // Cloudscape (the console's components, which no customer page imports) in one chunk and one stylesheet:
          // rolldown split it into some 90 scripts and 30 stylesheets that a console page fetched one by one (136
          // requests for the queue, 71 in one chunk; about a seventh less of Chromium's CPU per load). Its own
          // dependencies (React and the like, which customer pages share) stay where the automatic split puts them.
          codeSplitting: { includeDependenciesRecursively: false, groups: [{ name: "console-kit", test: /node_modules[\\/]@cloudscape-design[\\/]/ }] },
          chunkFileNames: (chunk) => (/Page$/.test(chunk.name) ? "assets/[name]-[hash:7].js" : "assets/[hash:7].js"),
          assetFileNames: "assets/[name]-[hash:7][extname]",
        },
      },
    },
    // `vite` (dev) talks to a running `npm start` for the API and cognito-local.
    server: { proxy: { "/api": localShop, "/cognito": localShop } },
  };
});
