import react from "@vitejs/plugin-react";
import { defineConfig, loadEnv } from "vite";

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
  return {
    plugins: [react()],
    build: { outDir: "dist", emptyOutDir: true },
    // `vite` (dev) talks to a running `npm start` for the API and cognito-local.
    server: { proxy: { "/api": localShop, "/cognito": localShop } },
  };
});
