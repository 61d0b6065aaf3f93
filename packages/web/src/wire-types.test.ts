/**
 * Every answer the web app reads and every message the server sends is written once, in core:
 * the pages import them from `@regrip/core/shared/*`, so a page cannot drift from the server. This fails when the web
 * app's source declares a type or interface named like an answer (`…View`, `…Answer`, `…Response`, `…Status`), or
 * holds, as a string literal or a JSX text, a message core sends: a string a core module exports, or one core
 * throws as a refusal (errors/: `invalid("…")`, `conflict("…")`...). The page imports the constant, or a predicate
 * core exports, instead.
 */
import { readFileSync } from "node:fs";
import { relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { sourceFiles } from "./test/source-files";

const webSrc = import.meta.dirname;
const coreSrc = resolve(webSrc, "../../core/src");

const parse = (file: string, code: string) =>
  ts.createSourceFile(file, code, ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

function walk(node: ts.Node, visit: (node: ts.Node) => void) {
  visit(node);
  node.forEachChild((child) => walk(child, visit));
}

const ANSWER_NAME = /(View|Answer|Response|Status)$/;

/** The types and interfaces `code` declares whose names say they are an answer of the server. */
export function answerTypes(file: string, code: string): string[] {
  const names: string[] = [];
  walk(parse(file, code), (node) => {
    if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node)) && ANSWER_NAME.test(node.name.text)) names.push(node.name.text);
  });
  return names;
}

/** Every string literal and JSX text of `code`, trimmed (comments are not read). */
export function literals(file: string, code: string): string[] {
  const found: string[] = [];
  walk(parse(file, code), (node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text.trim());
    else if (ts.isJsxText(node) && node.text.trim()) found.push(node.text.replace(/\s+/g, " ").trim());
  });
  return found;
}

/** A message, not a key or a code: at least 12 characters, a capital first, words with spaces between. */
const isMessage = (text: string) => text.length >= 12 && /^[A-Z]/.test(text) && /\S\s+\S/.test(text) && !/\n/.test(text);

/** The functions of core's errors/ module: their first argument is a message the person using the app reads. */
const REFUSALS = new Set(["invalid", "notFound", "conflict", "forbidden", "unauthorized", "precondition", "tooMany", "unavailable"]);

/** What a core module's source says to people: its exported string constants and the messages it throws. */
export function coreMessages(file: string, code: string): string[] {
  const found: string[] = [];
  walk(parse(file, code), (node) => {
    if (ts.isVariableStatement(node) && node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      for (const declaration of node.declarationList.declarations) {
        const value = declaration.initializer;
        if (value && (ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value))) found.push(value.text);
      }
    }
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && REFUSALS.has(node.expression.text)) {
      const first = node.arguments[0];
      if (first && (ts.isStringLiteral(first) || ts.isNoSubstitutionTemplateLiteral(first))) found.push(first.text);
    }
  });
  return found.filter(isMessage);
}

/** The browser-safe modules' exported strings as they evaluate (a message built from a limit: `At most ${MAX}...`). */
const shared = import.meta.glob<Record<string, unknown>>(["../../core/src/shared/*.ts", "!../../core/src/shared/*.test.ts"], { eager: true });

function allCoreMessages(): Map<string, string> {
  const messages = new Map<string, string>();
  for (const [path, module] of Object.entries(shared)) {
    for (const [name, value] of Object.entries(module)) {
      if (typeof value === "string" && isMessage(value)) messages.set(value, `${path.replace("../../core/src/", "")} ${name}`);
    }
  }
  for (const file of sourceFiles(coreSrc)) {
    for (const message of coreMessages(file, readFileSync(file, "utf8"))) {
      if (!messages.has(message)) messages.set(message, relative(coreSrc, file));
    }
  }
  return messages;
}

describe("the scanner", () => {
  it("finds an answer's type declared in a page, and nothing else", () => {
    const code = "export interface QuickSaleAnswer { id: string }\ntype SmsStatus = { ok: boolean };\ninterface Draft {}\ntype Sort = 'asc';";
    expect(answerTypes("page.ts", code)).toEqual(["QuickSaleAnswer", "SmsStatus"]);
  });

  it("finds the literals and JSX texts of a page, not its comments", () => {
    const code = '// "Commented message here"\nconst a = "Customer not found";\nexport const B = () => <p>\n  Bag not found\n</p>;';
    expect(literals("page.tsx", code)).toEqual(["Customer not found", "Bag not found"]);
  });

  it("takes core's exported strings and thrown refusals as its messages, not keys or single words", () => {
    const code = 'export const NOT_FOUND = "Order not found";\nexport const KEY = "regrip.storefront.cart";\nconst local = "Local words only";\nthrow conflict("This bag is already in use");\nthrow notFound(NOT_FOUND);';
    expect(coreMessages("core.ts", code)).toEqual(["Order not found", "This bag is already in use"]);
  });
});

describe("the web app's source", () => {
  // Every file parsed with the TypeScript parser: seconds on a loaded machine, hence the tests' own time limit.
  const files = sourceFiles(webSrc).map((file) => ({ name: relative(webSrc, file), code: readFileSync(file, "utf8") }));

  it("declares no answer of the server: it imports core's", () => {
    const declared = files.flatMap(({ name, code }) => answerTypes(name, code).map((type) => `${name}: ${type}`));
    expect(declared).toEqual([]);
  }, 60_000);

  it("holds no message core sends as a literal: it imports core's constant or predicate", () => {
    const messages = allCoreMessages();
    expect(messages.size).toBeGreaterThan(200);
    const repeated = files.flatMap(({ name, code }) =>
      [...new Set(literals(name, code))].filter((text) => messages.has(text)).map((text) => `${name}: ${JSON.stringify(text)} (core: ${messages.get(text)})`),
    );
    expect(repeated).toEqual([]);
  }, 60_000);
});
