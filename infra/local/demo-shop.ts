/**
 * The demo shop `npm start` seeds on first run: the starter catalogue (infra/starter-catalogue.ts, what
 * `npm run stage:setup` puts in a new stage) with demo stock, two promotions, bags, two partner clubs and next
 * week's onsite day and delivery run. Ids are fixed so seeding is idempotent: running it again adds only what is
 * missing.
 */
import { addDays, weekdayOf, type LocalDate } from "../../packages/core/src/shared/calendar";
import { isQuickSaleCode } from "../../packages/core/src/shared/products";
import { DEFAULT_EVENT_CAPACITY } from "../../packages/core/src/shared/schedule";
import { starterCatalogue, type StarterProduct } from "../starter-catalogue";

/**
 * The demo shop's stock of each product of the starter catalogue (infra/starter-catalogue.ts): some colors low,
 * a few sold out, so the booking page, the counter and the dashboard's low-stock list have something to show.
 */
export function demoStock(product: StarterProduct): number {
  const { name, color, feel } = product;
  if (!product.counted) return 0;
  if (isQuickSaleCode(product.code)) return 200;
  switch (name) {
    case "Strip and Grip":
      return color === "Red" && feel === "Dry" ? 0 : color === "White" ? 4 : 25;
    case "Basic Overgrip":
      return color === "Pink" ? 3 : 40;
    case "Premium Regrip":
      return color === "Orange" && feel === "Cushioned" ? 2 : 15;
    case "Extra Overgrip":
      return 60;
    case "Premium Edge Guard":
      return { Black: 12, Clear: 11, Teal: 10, Pink: 0 }[color ?? ""] ?? 0;
    case "Edge Tape":
      return 30;
    case "Butt Cap Replacement":
      return 8;
    default:
      return 0;
  }
}

/** The customer catalogue as the demo shop holds it: `stockQuantity` null for an uncounted service. */
export const demoProducts = starterCatalogue.map((product) => ({ ...product, stockQuantity: product.counted ? demoStock(product) : null }));

export const demoPromotions = [
  { id: "promo-welcome10", code: "WELCOME10", percentage: 10, amountCents: 0, isActive: true },
  { id: "promo-grip5", code: "GRIP5", percentage: 0, amountCents: 500, isActive: true },
];

/**
 * Bags 101 to 130. Their QR slugs are drawn at random when seeded, as for any bag (bags module): a slug is
 * what a printed label opens, so it must not be guessable even in the demo.
 */
export const demoBags = Array.from({ length: 30 }, (_, i) => {
  const code3 = String(101 + i);
  return { id: `bag-${code3}`, code3 };
});

/** Two partner clubs: the onsite day is at the first, the delivery run goes to the second. */
export const demoPartners = [
  {
    locationKey: "denver-pickleball",
    name: "Denver Pickleball Club",
    address: "4500 E Iliff Ave, Denver, CO 80222",
    phone: "(303) 555-0170",
    websiteUrl: "https://denverpickleball.example",
    mapsUrl: "https://www.google.com/maps/search/?api=1&query=4500+E+Iliff+Ave+Denver+CO+80222",
    contactPerson: "Dana Lopez",
    email: "courts@denverpickleball.example",
  },
  {
    locationKey: "littleton-paddle",
    name: "Littleton Paddle Club",
    address: "6000 S Windermere St, Littleton, CO 80120",
    phone: "(303) 555-0181",
    websiteUrl: "https://littletonpaddle.example",
    mapsUrl: "https://www.google.com/maps/search/?api=1&query=6000+S+Windermere+St+Littleton+CO+80120",
    contactPerson: "Sam Ortiz",
  },
];

/**
 * The demo's schedule, relative to `today` (the shop's date when seeding): an onsite gripping day at Denver
 * Pickleball Club on Wednesday next week, 9 am to 1 pm, 20 seats, and a delivery run to Littleton Paddle Club on
 * Thursday next week at 4 pm. Their ids name the date, so seeding again the same week adds nothing and seeding a
 * later week adds that week's (the past ones stay as they were).
 */
export function demoEvents(today: LocalDate) {
  const nextMonday = addDays(today, (8 - weekdayOf(today)) % 7 || 7);
  const clubDayDate = addDays(nextMonday, 2);
  const runDate = addDays(nextMonday, 3);
  return [
    {
      id: `demo-onsite-${clubDayDate}`,
      eventType: "ONSITE_GRIPPING" as const,
      location: "ONSITE" as const,
      partnerKey: "denver-pickleball",
      eventDate: clubDayDate,
      startTime: "09:00",
      endTime: "13:00",
      maxCapacity: DEFAULT_EVENT_CAPACITY,
      notes: "Courts 1 to 4, by the pro shop",
    },
    {
      id: `demo-delivery-${runDate}`,
      eventType: "DELIVERY" as const,
      location: "ONSITE" as const,
      partnerKey: "littleton-paddle",
      eventDate: runDate,
      startTime: "16:00",
      endTime: "18:00",
      maxCapacity: DEFAULT_EVENT_CAPACITY,
    },
  ];
}
