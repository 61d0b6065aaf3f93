import { INVALID_PHONE } from "@regrip/core/shared/phone";
import { SHOP_ADDRESS_REQUIRED, SHOP_HOURS_LINE_INVALID, SHOP_MAPS_URL_INVALID } from "@regrip/core/shared/shop-contact";
import { describe, expect, it } from "vitest";
import { shopFormValues, shopFromForm } from "./shop-form";

const shop = {
  address: ["2500 W Main St", "Littleton, CO 80120"],
  phone: "+13035550142",
  email: "littleton@regrip.shop",
  hours: [["Monday to Friday", "10 am to 7 pm"], ["Sunday", "Closed"]] as [string, string][],
  mapsUrl: null,
};

describe("the Shop details form", () => {
  it("shows a shop's contact one line each, and sends it back as it was", () => {
    const values = shopFormValues(shop);
    expect(values).toEqual({
      address: "2500 W Main St\nLittleton, CO 80120",
      phone: "+1 (303) 555-0142",
      email: "littleton@regrip.shop",
      hours: "Monday to Friday: 10 am to 7 pm\nSunday: Closed",
      mapsUrl: "",
    });
    const { body } = shopFromForm(values);
    expect(body).toEqual({ ...shop, phone: "+1 (303) 555-0142" });
  });

  it("reads times with colons, drops blank lines, and says what is wrong under each field", () => {
    const { body } = shopFromForm({ ...shopFormValues(shop), hours: "\nSaturday: 9:30 am to 5 pm\n\n", address: " 1 Court St \n\n" });
    expect(body).toMatchObject({ address: ["1 Court St"], hours: [["Saturday", "9:30 am to 5 pm"]] });
    const wrong = shopFromForm({ address: "", phone: "555", email: "a@b.co", hours: "Every day 9 to 5", mapsUrl: "maps.example.com" });
    expect(wrong).toEqual({ body: null, errors: { address: SHOP_ADDRESS_REQUIRED, phone: INVALID_PHONE, hours: SHOP_HOURS_LINE_INVALID, mapsUrl: SHOP_MAPS_URL_INVALID } });
  });
});
