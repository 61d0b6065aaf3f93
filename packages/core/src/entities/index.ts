import { auditLog, type AuditLog } from "./auditLog";
import { bag, type Bag } from "./bag";
import { communication, type Communication } from "./communication";
import { customerSearch, type CustomerSearch } from "./customerSearch";
import { dailyStats, shopCounter, type DailyStats, type ShopCounter } from "./dailyStats";
import { drawerMovement, drawerSession, type DrawerMovement, type DrawerSession } from "./drawer";
import { gripSchedule, type GripSchedule } from "./gripSchedule";
import { loyaltyAccount, type LoyaltyAccount } from "./loyaltyAccount";
import { loyaltyLedger, type LoyaltyLedger } from "./loyaltyLedger";
import { membershipCharge } from "./membershipCharge";
import { orderCounter, type OrderCounter } from "./orderCounter";
import { orderReminder, type OrderReminder } from "./orderReminder";
import { orderReference, type OrderReference } from "./orderReference";
import { pack, type Pack } from "./pack";
import { packCredit, type PackCredit } from "./packCredit";
import { paddle, type Paddle } from "./paddle";
import { partner, type Partner } from "./partner";
import { promotion, type Promotion } from "./promotion";
import { rateLimit, type RateLimit } from "./rateLimit";
import { serviceOrder, type ServiceOrder } from "./serviceOrder";
import { shopSettings, type ShopSettings } from "./shopSettings";
import { sku, type Sku } from "./sku";
import { smsConversation, type SmsConversation } from "./smsConversation";
import { smsMessage, type SmsMessage } from "./smsMessage";
import { salesStats, type SalesStats } from "./salesStats";
import { staffRoster, type StaffRoster } from "./staffRoster";
import { staffTips, type StaffTips } from "./staffTips";
import { subscription, type Subscription } from "./subscription";
import { tip, type Tip } from "./tip";
import { uniqueValue, type UniqueValue } from "./uniqueValue";
import { user, type User } from "./user";
import { verificationCode, type VerificationCode } from "./verificationCode";

export * from "./enums";
export { AUDIT_SYSTEM_ACTOR, monthOf } from "./auditLog";
export { SHOP_COUNTERS, type ShopCounterName } from "./dailyStats";
export { TIP_STATUSES } from "./tip";
export { STAFF_ROSTER_KEY } from "./staffRoster";
export { PACK_CREDIT_STATUSES } from "./packCredit";
export { normaliseCode, normaliseEmail } from "./attributes";
export { normaliseUniqueValue, uniqueKey } from "./uniqueValue";
export type {
  AuditLog,
  Bag,
  Communication,
  CustomerSearch,
  DailyStats,
  DrawerMovement,
  DrawerSession,
  GripSchedule,
  LoyaltyAccount,
  LoyaltyLedger,
  OrderCounter,
  OrderReminder,
  OrderReference,
  Pack,
  PackCredit,
  Paddle,
  Partner,
  Promotion,
  RateLimit,
  ServiceOrder,
  ShopSettings,
  Sku,
  ShopCounter,
  SmsConversation,
  SmsMessage,
  SalesStats,
  StaffRoster,
  StaffTips,
  Subscription,
  Tip,
  UniqueValue,
  User,
  VerificationCode,
};

/**
 * How to build each entity of the one table, by the name request code reaches
 * it by (`db().entities.serviceOrder`). Nothing is built here: building an
 * ElectroDB entity validates its model with jsonschema and parses it, several
 * milliseconds each on a cold Lambda, so `db()` (../db) builds an entity the
 * first time a request touches it, and a route pays only for the entities it
 * uses instead of all of them and a Service joining them at import.
 */
export const entityFactories = {
  user,
  paddle,
  bag,
  serviceOrder,
  tip,
  subscription,
  sku,
  promotion,
  loyaltyAccount,
  loyaltyLedger,
  membershipCharge,
  auditLog,
  gripSchedule,
  partner,
  communication,
  smsConversation,
  smsMessage,
  verificationCode,
  uniqueValue,
  rateLimit,
  orderCounter,
  customerSearch,
  orderReference,
  dailyStats,
  shopCounter,
  staffTips,
  salesStats,
  staffRoster,
  orderReminder,
  shopSettings,
  pack,
  packCredit,
  drawerSession,
  drawerMovement,
};

/** Every entity of the table, by name, as built. */
export type Entities = { [Name in keyof typeof entityFactories]: ReturnType<(typeof entityFactories)[Name]> };
export type EntityName = keyof Entities;

/**
 * The `account` collection: a user's profile, paddles, subscriptions and
 * loyalty account (the user's partition, one Query). Its Service joins only
 * these four.
 */
export const accountMembers = ["user", "paddle", "subscription", "loyaltyAccount"] as const satisfies readonly EntityName[];
export type AccountEntities = Pick<Entities, (typeof accountMembers)[number]>;
