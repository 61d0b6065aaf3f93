import * as Memberships from "@regrip/core/memberships";
import { api } from "../../http/handler";

/** PUT /api/subscriptions/paddles {paddleIds}: the paddles the live membership covers; MembershipView. 409 without one. */
export const handler = api({ body: Memberships.changePaddles.schema }, async (req) => Memberships.changePaddles(req.user(), () => req.body()));
