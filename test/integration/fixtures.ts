import type { Route } from "../../packages/functions/src/routes";
import { ownOrder } from "./booking-support";
import { call } from "./support";

/**
 * For routes on a customer's own resource (`owned` in the route table): make
 * one as the customer holding `token`, answer its id.
 */
export const ownedFixtures: Partial<Record<NonNullable<Route["owned"]>, (token: string) => Promise<string>>> = {};

/** An order booked by the customer (their phone marked verified first, a paddle made for it). */
ownedFixtures.order = ownOrder;

/** A paddle the customer registered through POST /api/paddles. */
ownedFixtures.paddle = async (token) => {
  const answer = await call("POST", "/api/paddles", { token, body: { brand: "Selkirk", nickname: "Matrix probe" } });
  if (answer.status !== 201) throw new Error(`creating a paddle for a test: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.id as string;
};
