import { describe, expect, it } from "vitest";
import { changesOf, CreatePaddle, UpdatePaddle } from "./index";

const first = (schema: typeof CreatePaddle | typeof UpdatePaddle, input: unknown) => {
  const parsed = schema.safeParse(input);
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

describe("changesOf", () => {
  it("sets given values and removes ones sent empty or null, prefs as a whole", () => {
    expect(changesOf(UpdatePaddle.parse({ model: "X", colorway: "", serial: null, prefs: { tackiness: 3, color: "" } }))).toEqual({
      set: { model: "X", prefs: { tackiness: 3 } },
      remove: ["colorway", "serial"],
    });
    expect(changesOf({ prefs: { tackiness: null } })).toEqual({ set: {}, remove: ["prefs"] });
  });
});
