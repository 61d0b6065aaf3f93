import { startTransition, StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/App";
import { onAuthEvent } from "./auth/auth-bus";
import { isOAuthReturn, loadAmplify, setAuthConfig } from "./auth/load-amplify";
import { takeReturnPath } from "./auth/return-path";
import { readRuntimeConfig } from "./config/runtime-config";
import { loadChunk } from "./lib/load-chunk";
import "./styles/base.css";
import "./styles/shell.css";

const config = readRuntimeConfig();
// Amplify stays unloaded until it is needed (src/auth/load-amplify.ts): the ID token is read from storage.
setAuthConfig(config);
// Back from the hosted UI with a code: the lazy /login chunk (and the listener signInWithRedirect brings along)
// is not loaded on the landing page, so Amplify loads now to finish signing in.
if (isOAuthReturn(config, location.search)) {
  // Signed in: on to the page that asked for it before the round trip (auth/return-path.ts), if any.
  onAuthEvent((event) => {
    if (event !== "signInWithRedirect") return;
    const returnTo = takeReturnPath();
    if (returnTo) window.location.replace(returnTo);
  });
  void loadAmplify().then(() => loadChunk(() => import("aws-amplify/auth/enable-oauth-listener")));
}

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
const app = (
  <StrictMode>
    <App config={config} />
  </StrictMode>
);
// The pages of infra/prerendered.ts arrive prerendered (vite.config.ts): React takes over their markup.
// Hydrating in a transition lets React yield to the browser every few milliseconds (a default-priority hydration
// is one long task): the page is already painted from the HTML, and an input meanwhile hydrates its target first.
if (root.hasChildNodes()) startTransition(() => void hydrateRoot(root, app));
else createRoot(root).render(app);
