import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/App";
import { configureAmplify } from "./auth/amplify";
import { readRuntimeConfig } from "./config/runtime-config";
import "./styles/base.css";
import "./styles/shell.css";

const config = readRuntimeConfig();
configureAmplify(config);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <App config={config} />
  </StrictMode>,
);
