/**
 * POST /api/book-service's two forms, told apart here, where both are declared: staff's quick sale
 * (Storefront.quickSale) and a customer's own booking (Orders.book). The handler reads the body with
 * `BookServiceBody` and asks `isQuickSaleBody` which function it is for, so the quick sale's code loads only for a
 * quick sale.
 */
import * as z from "zod/mini";
import { BookService } from "./booking";

/** True when a request body names a customer: the quick-sale form of POST /api/book-service. */
export function isQuickSaleBody(body: unknown): boolean {
  return typeof body === "object" && body !== null && !Array.isArray(body) && "customerId" in body;
}

/**
 * A quick sale as the route checks it: an object naming a `customerId`. Its form is parsed by Storefront.quickSale
 * with its own schema (shared/quick-sale.ts `QuickSaleBooking`), which loads with the quick sale's code only, so a
 * customer's booking does not carry it on a cold start (`npm run bench:lambda`).
 */
const QuickSaleShape = z.custom<Record<string, unknown>>(isQuickSaleBody, "Invalid request");

/**
 * The body of POST /api/book-service: staff's quick sale (it names a
 * `customerId`: `isQuickSaleBody`, `quickSale`, which parses the rest with its
 * own schema, so a quick sale without services hears 'Please select at least
 * one service') or a customer's own booking (`Orders.book`), parsed here. A
 * refusal speaks for the form the body has.
 */
export const BookServiceBody = z.union([QuickSaleShape, BookService], {
  error: (issue) => {
    const errors = (issue as { errors?: { message?: string }[][] }).errors;
    return errors?.[isQuickSaleBody(issue.input) ? 0 : 1]?.[0]?.message ?? "Invalid request";
  },
});
export type BookServiceBody = z.output<typeof BookServiceBody>;
