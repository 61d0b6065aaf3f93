import { inject } from "vitest";
import { enforceDeclaredGrants } from "../../packages/core/src/aws/grant-check";

// Handlers read the environment contract of infra/env.ts; the global setup filled it.
Object.assign(process.env, inject("localEnv"));

// Every test file, also one that calls a domain function under a function's grants without the adapter
// (expire.test.ts runs the job's code), holds functions to their declarations as `npm start` does.
enforceDeclaredGrants();
