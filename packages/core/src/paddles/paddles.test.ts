import { describe, expect, it } from "vitest";
import { changesOf, UpdatePaddle } from "./index";

describe("changesOf", () => {
  it("sets given values and removes ones sent empty or null, prefs as a whole", () => {
    expect(changesOf(UpdatePaddle.parse({ model: "X", colorway: "", serial: null, prefs: { tackiness: 3, color: "" } }))).toEqual({
      set: { model: "X", prefs: { tackiness: 3 } },
      remove: ["colorway", "serial"],
    });
    expect(changesOf({ prefs: { tackiness: null } })).toEqual({ set: {}, remove: ["prefs"] });
  });
});
