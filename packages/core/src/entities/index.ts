import { Service } from "electrodb";
import { AuditLog } from "./auditLog";
import { Bag } from "./bag";
import { Communication } from "./communication";
import { CustomerSearch } from "./customerSearch";
import { GripSchedule } from "./gripSchedule";
import { LoyaltyAccount } from "./loyaltyAccount";
import { LoyaltyLedger } from "./loyaltyLedger";
import { OrderCounter } from "./orderCounter";
import { Paddle } from "./paddle";
import { Partner } from "./partner";
import { Promotion } from "./promotion";
import { RateLimit } from "./rateLimit";
import { ServiceOrder } from "./serviceOrder";
import { Sku } from "./sku";
import { SmsConversation } from "./smsConversation";
import { SmsMessage } from "./smsMessage";
import { Subscription } from "./subscription";
import { Tip } from "./tip";
import { UniqueValue } from "./uniqueValue";
import { User } from "./user";
import { VerificationCode } from "./verificationCode";

export * from "./enums";
export { monthOf } from "./auditLog";
export { normaliseCode, normaliseEmail } from "./attributes";
export { normaliseUniqueValue, uniqueKey } from "./uniqueValue";
export {
  AuditLog,
  Bag,
  Communication,
  CustomerSearch,
  GripSchedule,
  LoyaltyAccount,
  LoyaltyLedger,
  OrderCounter,
  Paddle,
  Partner,
  Promotion,
  RateLimit,
  ServiceOrder,
  Sku,
  SmsConversation,
  SmsMessage,
  Subscription,
  Tip,
  UniqueValue,
  User,
  VerificationCode,
};

/**
 * Every entity of the one table, joined. Collections:
 * - `account`: a user's profile, paddles, subscriptions and loyalty account
 *   (the user's partition, one Query).
 *
 * Built without a table or client so this module imports anywhere (tests,
 * scripts, before TABLE_NAME is set). Request code uses `db()` from
 * `../db`, which binds this service to the table and client at call time.
 */
export const Regrip = new Service({
  user: User,
  paddle: Paddle,
  bag: Bag,
  serviceOrder: ServiceOrder,
  tip: Tip,
  subscription: Subscription,
  sku: Sku,
  promotion: Promotion,
  loyaltyAccount: LoyaltyAccount,
  loyaltyLedger: LoyaltyLedger,
  auditLog: AuditLog,
  gripSchedule: GripSchedule,
  partner: Partner,
  communication: Communication,
  smsConversation: SmsConversation,
  smsMessage: SmsMessage,
  verificationCode: VerificationCode,
  uniqueValue: UniqueValue,
  rateLimit: RateLimit,
  orderCounter: OrderCounter,
  customerSearch: CustomerSearch,
});

export type RegripService = typeof Regrip;
