/**
 * The build's server entry (vite.config.ts builds it with `ssr` and runs it
 * after the client build): renders a page of the app to HTML, inside the same
 * providers, routes and shell as the browser, so main.tsx can hydrate it.
 * Nothing is fetched here: data a page reads renders as its loading state,
 * which is also the browser's first render.
 */
import { StrictMode, type ReactNode } from "react";
import { prerender } from "react-dom/static";
import { StaticRouter } from "react-router";
import { App } from "./app/App";
import { prerenderedMeta } from "./lib/page-meta";

export interface RenderedPage {
  html: string;
  title?: string;
  description?: string;
}

export async function renderPage(path: string): Promise<RenderedPage> {
  delete prerenderedMeta.title;
  delete prerenderedMeta.description;
  prerenderedMeta.collecting = true;
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter location={path}>{children}</StaticRouter>;
  // Waits for the lazy page to load (unlike renderToString, which would leave the Suspense fallback).
  const { prelude } = await prerender(
    <StrictMode>
      <App config={{}} Router={Router} />
    </StrictMode>,
  );
  const html = await new Response(prelude).text();
  return { html, title: prerenderedMeta.title, description: prerenderedMeta.description };
}
