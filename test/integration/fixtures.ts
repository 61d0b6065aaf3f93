import type { Route } from "../../packages/functions/src/routes";

/**
 * For routes on a customer's own resource (`owned` in the route table): make
 * one as the customer holding `token`, answer its id.
 */
export const ownedFixtures: Partial<Record<NonNullable<Route["owned"]>, (token: string) => Promise<string>>> = {};
