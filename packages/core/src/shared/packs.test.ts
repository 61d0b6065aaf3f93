import { describe, expect, it } from "vitest";
import { PackInput, PackPatch } from "./pack-input";
import { balanceWords, coversService, creditsLeft, expiryOf, PACK_NOTHING_TO_CHANGE, PACK_SERVICE_UNKNOWN } from "./packs";

const now = new Date("2026-11-29T12:00:00.000Z");
const pack = { status: "paid", regrips: 3, used: 1, services: ["Premium Regrip"] };

describe("a bought pack's credits", () => {
  it("counts what is left of a paid pack, none before it is paid or once it has expired", () => {
    expect(creditsLeft(pack, now)).toBe(2);
    expect(creditsLeft({ ...pack, status: "pending" }, now)).toBe(0);
    expect(creditsLeft({ ...pack, expiresAt: "2026-11-29T11:59:59.000Z" }, now)).toBe(0);
    expect(creditsLeft({ ...pack, expiresAt: "2026-11-29T12:00:01.000Z" }, now)).toBe(2);
    expect(creditsLeft({ ...pack, used: 5 }, now)).toBe(0);
  });

  it("covers a sku of a core service it names, by the sku's name", () => {
    expect(coversService(pack, "Premium Regrip", now)).toBe(true);
    expect(coversService(pack, "Premium Regrip Black Tacky", now)).toBe(true);
    expect(coversService(pack, "Basic Overgrip", now)).toBe(false);
    expect(coversService(pack, "Edge Tape", now)).toBe(false);
    expect(coversService({ ...pack, used: 3 }, "Premium Regrip", now)).toBe(false);
  });

  it("expires its days after the purchase, or never", () => {
    expect(expiryOf("2026-11-29T12:00:00.000Z", 30)).toBe("2026-12-29T12:00:00.000Z");
    expect(expiryOf("2026-11-29T12:00:00.000Z", null)).toBeUndefined();
    expect(balanceWords({ left: 2, regrips: 3 })).toBe("2 of 3 regrips left");
  });

  it("covers nothing once refunded in full, and says so", () => {
    const refunded = { status: "refunded", regrips: 3, used: 1, services: ["Premium Regrip"] };
    expect(creditsLeft(refunded, now)).toBe(0);
    expect(coversService(refunded, "Premium Regrip", now)).toBe(false);
    expect(balanceWords({ left: 0, regrips: 3, refunded: true })).toBe("Refunded: covers no more regrips");
  });
});

describe("the admin's pack form", () => {
  it("takes a pack's terms and refuses what is not one, in the shared words", () => {
    expect(PackInput.parse({ name: " Ten ", regrips: 10, priceCents: 15000, services: ["Basic Overgrip"] })).toMatchObject({ name: "Ten" });
    expect(PackInput.safeParse({ name: "Ten", regrips: 10, priceCents: 15000, services: ["Edge Tape"] }).error?.issues[0]?.message).toBe(PACK_SERVICE_UNKNOWN);
    for (const bad of [{ regrips: 0 }, { regrips: 2.5 }, { priceCents: 0 }, { priceCents: 10.5 }, { services: [] }, { validDays: 0 }, { name: "" }]) {
      expect(PackInput.safeParse({ name: "Ten", regrips: 10, priceCents: 15000, services: ["Basic Overgrip"], ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(PackPatch.safeParse({}).error?.issues[0]?.message).toBe(PACK_NOTHING_TO_CHANGE);
    expect(PackPatch.parse({ validDays: null })).toEqual({ validDays: null });
  });
});
