/**
 * The paddle's rules, once: the schemas POST and PATCH /api/paddles parse with (paddles/index.ts) and the web
 * app's paddle forms check with (web lib/validation.ts), every message word for word.
 */
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { CreatePaddle, PaddleNames, UpdatePaddle } from "./paddle-input";
import { PaddleNickname } from "./paddle-name";
import { CORE_THICKNESS_MM } from "./paddles";

const first = (schema: z.ZodMiniType, input: unknown) => {
  const parsed = z.safeParse(schema, input);
  return parsed.success ? "ok" : parsed.error.issues[0].message;
};

describe("paddle schemas", () => {
  it("need a brand and a nickname to create, not to edit", () => {
    expect(first(CreatePaddle, { nickname: "n" })).toBe("Brand is required");
    expect(first(CreatePaddle, { brand: "b" })).toBe("Nickname is required");
    expect(first(UpdatePaddle, { model: "m" })).toBe("ok");
    expect(first(UpdatePaddle, { brand: " " })).toBe("Brand is required");
  });

  it.each([11, 18])("take a core of %i mm", (mm) => expect(first(UpdatePaddle, { coreThickness: mm })).toBe("ok"));
  it.each([10, 19, 12.5])("refuse a core of %s mm", (mm) =>
    expect(first(UpdatePaddle, { coreThickness: mm })).toBe("Core thickness must be between 11 and 18 mm"),
  );

  it("take uploaded photos and web addresses, nothing else", () => {
    expect(first(UpdatePaddle, { photoUrl: "/uploads/paddles/u/p/x.png" })).toBe("ok");
    expect(first(UpdatePaddle, { photoUrl: "https://img.example.com/p.jpg" })).toBe("ok");
    for (const url of ["/uploads/../x.png", "data:image/png;base64,AAAA", "javascript:alert(1)"]) {
      expect(first(UpdatePaddle, { photoUrl: url })).toBe("Photo must be an uploaded image or a web address");
    }
  });
});

describe("the names every paddle has", () => {
  it("are a brand and a nickname, trimmed, at most 60 characters", () => {
    expect(first(PaddleNames, { brand: "Joola", nickname: "Big Red" })).toBe("ok");
    expect(first(PaddleNames, { brand: "  ", nickname: "Big Red" })).toBe("Brand is required");
    expect(first(PaddleNames, { brand: "Joola" })).toBe("Nickname is required");
    expect(first(PaddleNickname, "x".repeat(61))).toBe("Nickname must be at most 60 characters");
    expect(z.parse(PaddleNickname, "  Big Red ")).toBe("Big Red");
  });

  it("give the slider its range: the schema's own bounds", () => {
    expect(first(UpdatePaddle, { coreThickness: CORE_THICKNESS_MM.min })).toBe("ok");
    expect(first(UpdatePaddle, { coreThickness: CORE_THICKNESS_MM.max })).toBe("ok");
    expect(first(UpdatePaddle, { coreThickness: CORE_THICKNESS_MM.default })).toBe("ok");
    expect(first(UpdatePaddle, { coreThickness: CORE_THICKNESS_MM.max + CORE_THICKNESS_MM.step })).toBe("Core thickness must be between 11 and 18 mm");
  });
});
