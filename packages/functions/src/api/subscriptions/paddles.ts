import * as Subscriptions from "@regrip/core/subscriptions";
import { api } from "../../http/handler";

/** PUT /api/subscriptions/paddles {paddleIds}: the paddles the live membership covers; SubscriptionView. 409 without one. */
export const handler = api({ body: Subscriptions.changePaddles.schema }, async (req) => Subscriptions.changePaddles(req.user(), () => req.body()));
