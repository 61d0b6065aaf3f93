import { existsSync, readFileSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root, wherever a script is started from. */
export const repoRoot = resolve(fileURLToPath(new URL("../..", import.meta.url)));

export interface SeedAccount {
  username: string;
  password: string;
  email: string;
  firstName: string;
  lastName: string;
  phone?: string;
}

export interface LocalSettings {
  /** The address the shop listens on: loopback unless `HOST` says otherwise (e.g. 0.0.0.0 to test from a phone). */
  host: string;
  port: number;
  dynamoPort: number;
  cognitoPort: number;
  /** Absolute path of the folder holding all local data. */
  dataDir: string;
  seed: { admin: SeedAccount; employee: SeedAccount; customer: SeedAccount };
  /** Every variable read from the files and the process, for the handlers' environment. */
  vars: Record<string, string>;
}

/** Parses `KEY=value` lines; `#` starts a comment line; surrounding quotes are dropped. */
export function parseEnvFile(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf("=");
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    let value = line.slice(eq + 1).trim();
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) {
      value = value.slice(1, -1);
    }
    out[key] = value;
  }
  return out;
}

function readEnvFile(path: string): Record<string, string> {
  return existsSync(path) ? parseEnvFile(readFileSync(path, "utf8")) : {};
}

function port(value: string | undefined, name: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0 || n > 65535) throw new Error(`${name} must be a port number, got "${value}"`);
  return n;
}

/**
 * `.env.example`, then `.env`, then the process environment: a later source wins.
 * Tests pass `overrides` to run a second shop beside a developer's.
 */
export function loadSettings(overrides: Record<string, string | undefined> = {}): LocalSettings {
  const vars: Record<string, string> = {
    ...readEnvFile(join(repoRoot, ".env.example")),
    ...readEnvFile(join(repoRoot, ".env")),
  };
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && key in vars) vars[key] = value;
  }
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined) vars[key] = value;
  }
  const account = (role: string): SeedAccount => ({
    username: vars[`SEED_${role}_USERNAME`],
    password: vars[`SEED_${role}_PASSWORD`],
    email: vars[`SEED_${role}_EMAIL`],
    firstName: vars[`SEED_${role}_FIRST_NAME`],
    lastName: vars[`SEED_${role}_LAST_NAME`],
    phone: vars[`SEED_${role}_PHONE`] || undefined,
  });
  const dataDir = vars.REGRIP_DATA_DIR || ".local";
  return {
    host: vars.HOST || "127.0.0.1",
    port: port(vars.PORT, "PORT"),
    dynamoPort: port(vars.DYNAMODB_PORT, "DYNAMODB_PORT"),
    cognitoPort: port(vars.COGNITO_PORT, "COGNITO_PORT"),
    dataDir: isAbsolute(dataDir) ? dataDir : join(repoRoot, dataDir),
    seed: { admin: account("ADMIN"), employee: account("EMPLOYEE"), customer: account("CUSTOMER") },
    vars,
  };
}
