/**
 * texts/ is the one way a text leaves (DESIGN §6): no other module of packages/ asks for the SMS provider or writes
 * a communications log entry, so no text can skip consent, STOP or the log.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const packages = join(__dirname, "../../..");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "dist" ? [] : sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("one way out for texts", () => {
  it("only texts/index.ts calls the provider or writes the communications log", () => {
    const callers = sources(packages)
      .filter((file) => /smsProvider\(|from "[^"]*sms\/(providers|twilio)"|communication\s*\.\s*(create|put|upsert)\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(packages, file))
      .filter((file) => !file.startsWith("core/src/sms/"));
    expect(callers).toEqual(["core/src/texts/index.ts"]);
  });
});
