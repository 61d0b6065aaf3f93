/**
 * Each shop's contact through the route table (docs/api-admin.md "Money settings", docs/api.md): `GET /api/locations`
 * sends every shop's address, phone, email, hours and map link to anyone; an admin changes them with
 * `PUT /api/admin/locations/{key}` (audited, each change from and to), anyone else is refused, a bad field is a 400
 * with its message and nothing saved. The seed's starter values are put back after each test: the files of a worker
 * share its table.
 */
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { starterShopContacts } from "../../infra/starter-catalogue";
import * as Audit from "../../packages/core/src/audit";
import { db } from "../../packages/core/src/db";
import { Shops } from "../../packages/core/src/settings/shops";
import { INVALID_PHONE } from "../../packages/core/src/shared/phone";
import {
  NO_SUCH_SHOP,
  SHOP_ADDRESS_REQUIRED,
  SHOP_EMAIL_INVALID,
  SHOP_HOURS_LINE_INVALID,
  SHOP_HOURS_REQUIRED,
  SHOP_MAPS_URL_INVALID,
} from "../../packages/core/src/shared/shop-contact";
import { staffTokens } from "./payment-support";
import { bookingCustomer } from "./booking-support";
import { call } from "./support";

let staff: { employee: string; admin: string };
beforeAll(async () => {
  staff = await staffTokens();
});
afterEach(async () => {
  // Back to the seed's starter values, whatever a test saved.
  for (const location of ["LITTLETON", "HIGHLANDS_RANCH"] as const) {
    await db().entities.shopSettings.delete({ name: `shop_${location}` }).go();
    await Shops.addShopContactIfMissing(location, starterShopContacts[location]);
  }
});

const locations = () => call("GET", "/api/locations");
const saveAs = (token: string | undefined, key: string, body: unknown) => call("PUT", `/api/admin/locations/${key}`, { token, body });
const save = (key: string, body: unknown) => saveAs(staff.admin, key, body);

const newContact = {
  address: ["77 Paddle Way", "Suite 4", "Littleton, CO 80120"],
  phone: "(720) 555-0199",
  email: "front@littleton.regrip.test",
  hours: [
    ["Tuesday to Saturday", "9 am to 6 pm"],
    ["Sunday and Monday", "Closed"],
  ],
  mapsUrl: "https://maps.example.com/?q=77+Paddle+Way",
};

describe("a shop's contact", () => {
  it("is on GET /api/locations for anyone: the seed's starter address, phone, email, hours and map link of both shops", async () => {
    const answer = await locations();
    expect(answer.status).toBe(200);
    for (const shop of answer.body.shops) {
      const starter = starterShopContacts[shop.value as keyof typeof starterShopContacts];
      expect(shop).toMatchObject({ address: starter.address, phone: starter.phone, email: starter.email, hours: starter.hours, mapsUrl: starter.mapsUrl });
      expect(shop.weekHours).toHaveLength(7);
    }
  });

  it("is the admin's to change: saved whole, audited with each change, and sent by GET /api/locations at once", async () => {
    const saved = await save("LITTLETON", newContact);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    // The phone as typed is stored as E.164.
    const expected = { ...newContact, phone: "+17205550199" };
    expect(saved.body).toEqual(expected);
    const littleton = (await locations()).body.shops.find((shop: { value: string }) => shop.value === "LITTLETON");
    expect(littleton).toMatchObject(expected);
    // The other shop is untouched.
    const highlands = (await locations()).body.shops.find((shop: { value: string }) => shop.value === "HIGHLANDS_RANCH");
    expect(highlands.phone).toBe(starterShopContacts.HIGHLANDS_RANCH.phone);

    const [entry] = await Audit.forTarget("settings", "shop_LITTLETON", 1);
    expect(entry).toMatchObject({
      action: "settings.shop_changed",
      diff: {
        phone: { from: starterShopContacts.LITTLETON.phone, to: "+17205550199" },
        address: { from: starterShopContacts.LITTLETON.address, to: newContact.address },
        email: { from: starterShopContacts.LITTLETON.email, to: newContact.email },
        hours: { from: starterShopContacts.LITTLETON.hours, to: newContact.hours },
        mapsUrl: { from: starterShopContacts.LITTLETON.mapsUrl, to: newContact.mapsUrl },
      },
    });
    // The same save again changes nothing and writes no second entry; clearing the map link is a change of one field.
    expect((await save("LITTLETON", newContact)).status).toBe(200);
    expect((await Audit.forTarget("settings", "shop_LITTLETON", 1))[0]!.id).toBe(entry!.id);
    const cleared = await save("LITTLETON", { ...newContact, mapsUrl: null });
    expect(cleared.body.mapsUrl).toBeNull();
    const [latest] = await Audit.forTarget("settings", "shop_LITTLETON", 1);
    expect(latest!.diff).toEqual({ mapsUrl: { from: newContact.mapsUrl, to: null } });
  });

  it("is refused to everyone but an admin (403, 401) and for an unknown shop (404)", async () => {
    const customer = await bookingCustomer();
    expect((await saveAs(staff.employee, "LITTLETON", newContact)).status).toBe(403);
    expect((await saveAs(customer.token, "LITTLETON", newContact)).status).toBe(403);
    expect((await saveAs(undefined, "LITTLETON", newContact)).status).toBe(401);
    const unknown = await save("ONSITE", newContact);
    expect(unknown).toMatchObject({ status: 404, body: { message: NO_SUCH_SHOP } });
    expect((await locations()).body.shops[0].phone).toBe(starterShopContacts.LITTLETON.phone);
  });

  it("refuses a bad field whole with its message (400), and saves nothing", async () => {
    const entriesBefore = (await Audit.forTarget("settings", "shop_HIGHLANDS_RANCH", 50)).length;
    const cases: [unknown, string][] = [
      [{ ...newContact, address: [] }, SHOP_ADDRESS_REQUIRED],
      [{ ...newContact, address: ["  "] }, SHOP_ADDRESS_REQUIRED],
      [{ ...newContact, address: ["1", "2", "3", "4"] }, SHOP_ADDRESS_REQUIRED],
      [{ ...newContact, phone: "555-01" }, INVALID_PHONE],
      [{ ...newContact, phone: undefined }, INVALID_PHONE],
      [{ ...newContact, email: "front desk" }, SHOP_EMAIL_INVALID],
      [{ ...newContact, hours: [] }, SHOP_HOURS_REQUIRED],
      [{ ...newContact, hours: [["Monday", ""]] }, SHOP_HOURS_LINE_INVALID],
      [{ ...newContact, hours: [["Monday"]] }, SHOP_HOURS_LINE_INVALID],
      [{ ...newContact, hours: [["Monday", "x".repeat(41)]] }, SHOP_HOURS_LINE_INVALID],
      [{ ...newContact, mapsUrl: "javascript:alert(1)" }, SHOP_MAPS_URL_INVALID],
      [{ ...newContact, mapsUrl: "http://maps.example.com" }, SHOP_MAPS_URL_INVALID],
    ];
    for (const [body, message] of cases) {
      const refused = await save("HIGHLANDS_RANCH", body);
      expect(refused, JSON.stringify(body)).toMatchObject({ status: 400, body: { message } });
    }
    expect((await save("HIGHLANDS_RANCH", "not json at all")).status).toBe(400);
    const highlands = (await locations()).body.shops.find((shop: { value: string }) => shop.value === "HIGHLANDS_RANCH");
    expect(highlands).toMatchObject(starterShopContacts.HIGHLANDS_RANCH);
    expect(await Audit.forTarget("settings", "shop_HIGHLANDS_RANCH", 50)).toHaveLength(entriesBefore);
  });
});
