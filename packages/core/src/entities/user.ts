import type { EntityConfiguration } from "electrodb";
import { Entity } from "./electrodb";
import { normaliseEmail, phoneNumber, timestamps, isoTimestamp } from "./attributes";
import { ACCOUNT_STATUSES, AUTH_PROVIDERS, ROLES } from "./enums";
import { gsi1, gsi2, keyed, primary, SERVICE } from "./keys";

/**
 * A person with a sign-in: customer, employee or admin. `userId` is the
 * Cognito `sub`. The key attribute is `userId` (not `id`) because the
 * user item shares its partition with the user's paddles, subscriptions and
 * loyalty account, and an ElectroDB collection needs the same composite name
 * on every member. API views map it to `id`.
 *
 * Email and username are unique through uniqueValue items written in the
 * same transaction. No password hash: Cognito holds credentials.
 */
export const user = (config?: EntityConfiguration) =>
  new Entity(
    {
      model: { service: SERVICE, entity: "user", version: "1" },
      attributes: {
        userId: { type: "string", required: true, readOnly: true },
        email: { type: "string", set: normaliseEmail },
        phone: phoneNumber(),
        firstName: { type: "string" },
        lastName: { type: "string" },
        profileImageUrl: { type: "string" },
        defaultPrefs: { type: "any" },
        roles: { type: "set", items: ROLES, required: true, default: () => ["CUSTOMER"] },
        accountStatus: { type: ACCOUNT_STATUSES, required: true, default: "active" },
        stripeCustomerId: { type: "string" },
        subscriptionId: { type: "string" },
        /** What the card provider holds for this customer (the broadcast list shows them). */
        stripeEmail: { type: "string" },
        stripePhone: { type: "string" },
        stripeName: { type: "string" },
        username: { type: "string" },
        /** False for a walk-in staff made at the counter (no Cognito account); absent means an account. */
        hasAccount: { type: "boolean" },
        /** Staff's notes on the customer (the console's customer page; never shown to the customer). */
        staffNotes: { type: "string" },
        /**
         * The customer-search terms indexed for this user (customerSearch items),
         * kept in the same transaction as those items so a change knows exactly
         * which to delete. Absent on users made before search existed: indexed on
         * their next sign-in (`Users.fromSignIn`) or by the seed.
         */
        searchTerms: { type: "list", items: { type: "string" } },
        authProvider: { type: AUTH_PROVIDERS, required: true, default: "cognito" },
        emailVerified: { type: "boolean", required: true, default: false },
        phoneVerified: { type: "boolean", required: true, default: false },
        smsNotifications: { type: "boolean", required: true, default: true },
        smsPromotions: { type: "boolean", required: true, default: false },
        emailNotifications: { type: "boolean", required: true, default: true },
        emailPromotions: { type: "boolean", required: true, default: false },
        smsConsentedAt: isoTimestamp(),
        smsConsentIp: { type: "string" },
        smsConsentText: { type: "string" },
        /**
         * An admin's verified phone, present only while the user is an admin whose phone is verified (users/
         * `adminPhoneOf`, kept by every write of roles or phone): the key of the sparse `admins` index, so the daily
         * low-stock text (reminders/) finds the admins to text with one small Query, whatever the number of customers.
         */
        adminPhone: { type: "string" },
        /** "ADMIN" beside `adminPhone` (and absent with it): the sparse index's partition. */
        alertRole: { type: ["ADMIN"] as const },
        ...timestamps(),
      },
      indexes: {
        byId: {
          ...keyed(primary, ["userId"], "user#${userId}", [], "profile"),
          collection: "account",
        },
        /** Admin user list and the broadcast list, oldest first (or `order: "desc"`). */
        allUsers: keyed(gsi1, [], "users", ["createdAt"], "${createdAt}"),
        /** Admins with a verified phone (sparse: only users with `adminPhone`). */
        admins: {
          ...keyed(gsi2, ["alertRole"], "role#${alertRole}", ["adminPhone"], "${adminPhone}"),
          condition: (attr) => attr.adminPhone !== undefined && attr.alertRole !== undefined,
        },
      },
    },
    config,
  );
export type User = ReturnType<typeof user>;
