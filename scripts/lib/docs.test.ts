/**
 * The docs stay cheap to read and to trust: the README is a short map (at most 200 lines), every relative link in it
 * and in docs/ reaches a file and, with a `#part`, a heading of that file, and no comment or doc gives a document
 * outside the repository or a tracker's issue number as its reason (a reader cannot follow either: the reason is
 * written out instead).
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { eventsMarkers, keyMarkers, stripeEventsMarkdown, stripeKeyMarkdown } from "./stripe-webhook";

const root = resolve(import.meta.dirname, "../..");
const docsDir = join(root, "docs");
const markdown = [join(root, "README.md"), ...readdirSync(docsDir).filter((name) => name.endsWith(".md")).map((name) => join(docsDir, name))];

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, "").replace(/`[^`\n]*`/g, "");
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .replace(/`/g, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, "")
    .replace(/\s/g, "-");
}

function anchorsOf(file: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of readFileSync(file, "utf8").replace(/^```[\s\S]*?^```/gm, "").matchAll(/^#{1,6}\s+(.+?)\s*$/gm)) {
    const base = anchorOf(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  return anchors;
}

describe("the README", () => {
  it("is at most 200 lines, and names the two commands", () => {
    const text = readFileSync(join(root, "README.md"), "utf8");
    expect(text.split("\n").length - (text.endsWith("\n") ? 1 : 0)).toBeLessThanOrEqual(200);
    expect(text).toContain("npm start");
    expect(text).toContain("npm test");
  });

  it("names, in its map of where each thing is decided, only files and folders that exist", () => {
    const text = readFileSync(join(root, "README.md"), "utf8");
    const map = /## Where each thing is decided\n([\s\S]*?)\n## /.exec(text)?.[1];
    expect(map, "the README's map").toBeDefined();
    const named = [...map!.matchAll(/`([\w./-]+)`/g)].map(([, path]) => path!).filter((path) => path.includes("/") || /\.tsx?$/.test(path));
    expect(named.length).toBeGreaterThan(30);
    // Paths that start at a top-level folder are the repository's; the rest are under packages/core/src/, as the map says.
    const topLevel = /^(packages|infra|stacks|scripts|test|docs)\//;
    const missing = named.filter((path) => !existsSync(topLevel.test(path) ? join(root, path) : join(root, "packages/core/src", path)));
    expect(missing).toEqual([]);
  });

  it("links every page of docs/", () => {
    const text = readFileSync(join(root, "README.md"), "utf8");
    const unlinked = readdirSync(docsDir).filter((name) => name.endsWith(".md") && !text.includes(`](docs/${name}`));
    expect(unlinked).toEqual([]);
  });
});

describe("the deploy guide's Stripe events", () => {
  it("are the webhook's handled events, as npm run stage:setup -- --print-events prints them", () => {
    const text = readFileSync(join(docsDir, "deploy.md"), "utf8");
    const begin = text.indexOf(eventsMarkers.begin);
    const end = text.indexOf(eventsMarkers.end);
    expect(begin, "the list's opening marker").toBeGreaterThanOrEqual(0);
    expect(end, "the list's closing marker").toBeGreaterThan(begin);
    expect(text.slice(begin + eventsMarkers.begin.length, end).trim()).toBe(stripeEventsMarkdown());
  });
});

describe("the deploy guide's restricted Stripe key", () => {
  it("needs what STRIPE_KEY_PERMISSIONS lists, as npm run stage:setup -- --print-key-permissions prints it", () => {
    const text = readFileSync(join(docsDir, "deploy.md"), "utf8");
    const begin = text.indexOf(keyMarkers.begin);
    const end = text.indexOf(keyMarkers.end);
    expect(begin, "the list's opening marker").toBeGreaterThanOrEqual(0);
    expect(end, "the list's closing marker").toBeGreaterThan(begin);
    // The list sits in a numbered step: its lines are indented to the step's text.
    const list = text.slice(begin + keyMarkers.begin.length, end).split("\n").map((line) => line.trim()).filter(Boolean).join("\n");
    expect(list).toBe(stripeKeyMarkdown());
    // And nothing else in the guide names a key's permissions its own way.
    expect(text.replace(text.slice(begin, end), "")).not.toMatch(/needs write access to|read access to PaymentIntents/);
  });
});

describe("relative links in the README and docs/", () => {
  it("finds the anchors of headings as GitHub writes them", () => {
    expect(anchorOf("`npm run bench:lambda`")).toBe("npm-run-benchlambda");
    expect(anchorOf("Templates (`npm run synth`, the infra test)")).toBe("templates-npm-run-synth-the-infra-test");
    expect(anchorOf("Who may move an order where")).toBe("who-may-move-an-order-where");
  });

  it("each reach an existing file, and a heading of it when they name one", () => {
    const broken: string[] = [];
    for (const file of markdown) {
      for (const [, target] of prose(readFileSync(file, "utf8")).matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/i.test(target!)) continue;
        const [path, anchor] = target!.split("#") as [string, string | undefined];
        const linked = path === "" ? file : resolve(dirname(file), path);
        const where = `${relative(root, file)}: ${target}`;
        if (!existsSync(linked)) broken.push(`${where} (no such file)`);
        else if (anchor && statSync(linked).isFile() && linked.endsWith(".md") && !anchorsOf(linked).has(anchor)) broken.push(`${where} (no such heading)`);
      }
    }
    expect(broken).toEqual([]);
  });
});

describe("reasons written out", () => {
  // Built from parts, so that this file does not match itself.
  const cited = [
    new RegExp(["iss", "ue [0-9]+"].join(""), "i"),
    new RegExp(["DES", "IGN"].join("")),
    new RegExp(["customer", "-side"].join("")),
    new RegExp(["staff-and", "-admin"].join("")),
    /\u00a7/,
  ];
  const skipped = new Set(["node_modules", "dist", ".bench-lambda"]);

  function files(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      if (entry.name.startsWith(".") || skipped.has(entry.name)) return [];
      const path = join(dir, entry.name);
      return entry.isDirectory() ? files(path) : [path];
    });
  }

  it("no comment, test name or doc cites an issue number, the design notes or the spec's sections", () => {
    const scanned = [...["packages", "infra", "scripts", "test", "stacks", "docs"].flatMap((dir) => files(join(root, dir))), join(root, "README.md"), join(root, "sst.config.ts")];
    expect(scanned.length).toBeGreaterThan(300);
    const found: string[] = [];
    for (const file of scanned) {
      const text = readFileSync(file, "utf8");
      if (text.includes("\0")) continue;
      text.split("\n").forEach((line, i) => {
        if (cited.some((pattern) => pattern.test(line))) found.push(`${relative(root, file)}:${i + 1}: ${line.trim().slice(0, 120)}`);
      });
    }
    expect(found).toEqual([]);
  });
});
