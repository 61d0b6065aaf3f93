/**
 * texts/ is the one way a text or an email leaves: no other module of packages/ asks for the SMS or the
 * email provider or writes a communications log entry, so no message can skip consent, STOP or the log.
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

describe("one way out for texts and emails", () => {
  it("only texts/ calls the providers (index.ts texts, email.ts emails) and writes the communications log (log.ts)", () => {
    const callers = sources(packages)
      .filter((file) =>
        /smsProvider\(|emailProvider\(|from "[^"]*(sms\/(providers|twilio)|email\/providers)"|communication\s*\.\s*(create|put|upsert)\(/.test(readFileSync(file, "utf8")),
      )
      .map((file) => relative(packages, file))
      .filter((file) => !file.startsWith("core/src/sms/") && !file.startsWith("core/src/email/"))
      .sort();
    expect(callers).toEqual(["core/src/texts/email.ts", "core/src/texts/index.ts", "core/src/texts/log.ts"]);
  });
});
