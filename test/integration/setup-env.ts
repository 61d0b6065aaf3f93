import { inject } from "vitest";

// Handlers read the environment contract of infra/env.ts; the global setup filled it.
Object.assign(process.env, inject("localEnv"));
