/**
 * The shop's contact as the order texts say it (docs/api-admin.md "Shop details"): the ready text and the booking's
 * confirmation text end with the shop's phone ("Questions? Call (303) 555-0142."), short enough to keep them within
 * their segments; the confirmation email, with no such limit, ends with the whole contact (address, hours, phone,
 * email). The contact is read from the settings (settings/shops.ts) when the message goes; a failed read sends the
 * message without it, never fails it.
 */
import type { OrderItem } from "../orders/view";
import { isBookableLocation, SHOP_LABELS } from "../shared/location-names";
import { phoneWords } from "../shared/shop-contact";
import type { ShopWords } from "../texts/templates";

/** The contact of the shop an order is picked up at (else dropped off at); nothing for a club's or the counter's. */
export async function shopWords(order: Pick<OrderItem, "pickupLocation" | "dropoffLocation">): Promise<ShopWords> {
  const where = order.pickupLocation ?? order.dropoffLocation;
  if (!where || !isBookableLocation(where)) return {};
  try {
    const { shopContact } = await import("../settings/shops");
    const contact = await shopContact(where);
    return {
      ...(contact.phone ? { shopPhone: phoneWords(contact.phone) } : {}),
      shopContact: [
        SHOP_LABELS[where],
        ...contact.address,
        ...contact.hours.map(([days, times]) => `${days}: ${times}`),
        ...(contact.phone ? [phoneWords(contact.phone)] : []),
        ...(contact.email ? [contact.email] : []),
      ],
    };
  } catch (error) {
    console.error(`Could not read the contact of ${where} for a text`, error);
    return {};
  }
}
