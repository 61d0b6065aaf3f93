import { AdminGetUserCommand, UserNotFoundException } from "@aws-sdk/client-cognito-identity-provider";
import { isServiceUnavailable } from "../../packages/core/src/aws";
import { Bags } from "../../packages/core/src/bags";
import { db } from "../../packages/core/src/db";
import { searchTerms, termWrites } from "../../packages/core/src/customers/search-index";
import { uniqueKey } from "../../packages/core/src/entities";
import { Users } from "../../packages/core/src/users";
import { enrolAuthenticator } from "./authenticator";
import { cognitoClient, createLogin } from "./cognito";
import { addProductIfMissing, addShopContactsIfMissing, quickSaleProducts, starterCatalogue } from "../starter-catalogue";
import { todayOf } from "../../packages/core/src/shared/calendar";
import { demoBags, demoEvents, demoPartners, demoPromotions, demoStock } from "./demo-shop";
import { seedDemoOrders } from "./seed-orders";
import { Drawers } from "../../packages/core/src/drawers";
import { BOOKABLE_LOCATIONS } from "../../packages/core/src/shared/location-names";
import type { SeedAccount } from "./settings";
import type { UserActor } from "../../packages/core/src/actor";

/**
 * Seeds the demo shop: the three accounts (logins in the user pool and their
 * user items), the catalogue, the promotions, the bags, two partner clubs with
 * next week's onsite day and delivery run, and four orders in the queue (seed-orders.ts). Idempotent: every
 * write is a create that is skipped when the item is already there.
 * The table name and endpoints come from the environment, as for a handler.
 */
export interface SeedTarget {
  cognitoPort: number;
  userPoolId: string;
  accounts: { admin: SeedAccount; employee: SeedAccount; customer: SeedAccount };
}

/** The login's `sub` and whether it has an authenticator app, or undefined when there is no such login. */
async function existingLogin(port: number, userPoolId: string, username: string): Promise<{ sub?: string; authenticator: boolean } | undefined> {
  const client = cognitoClient(port);
  try {
    const user = await client.send(new AdminGetUserCommand({ UserPoolId: userPoolId, Username: username }));
    return {
      sub: user.UserAttributes?.find((a) => a.Name === "sub")?.Value,
      authenticator: (user.UserMFASettingList ?? []).includes("SOFTWARE_TOKEN_MFA"),
    };
  } catch (error) {
    if (error instanceof UserNotFoundException) return undefined;
    throw error;
  } finally {
    client.destroy();
  }
}

/** Runs an idempotent seed write, again (up to 6 times in all) while the local stand-ins do not answer in time. */
async function patiently<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 6 || !isServiceUnavailable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** The account's login and user item; answers its user id (the login's `sub`). */
async function seedAccount(target: SeedTarget, account: SeedAccount, groups: ("ADMIN" | "EMPLOYEE")[]): Promise<UserActor> {
  const login = await existingLogin(target.cognitoPort, target.userPoolId, account.username);
  const sub =
    login?.sub ??
    (await createLogin(target.cognitoPort, target.userPoolId, {
      username: account.username,
      password: account.password,
      email: account.email,
      givenName: account.firstName,
      familyName: account.lastName,
      groups,
    }));
  // Staff sign in with an authenticator app: the demo's have one already (its codes are on /local/outbox).
  if (groups.length > 0 && !login?.authenticator) await enrolAuthenticator(target.cognitoPort, target.userPoolId, account);
  const fields = {
    userId: sub,
    username: account.username,
    email: account.email,
    firstName: account.firstName,
    lastName: account.lastName,
    phone: account.phone,
    phoneVerified: !!account.phone,
    emailVerified: true,
    roles: ["CUSTOMER" as const, ...groups],
    ...Users.NEW_ACCOUNT_CONSENT,
  };
  // An admin with a verified phone gets the daily low-stock text (users/ `adminPhoneOf`).
  const adminPhone = Users.adminPhoneOf(fields);
  const terms = searchTerms(fields);
  // The user with its claims and its customer-search items; cancelled when the user is already there.
  await patiently(() =>
    db()
      .transaction.write((entities) => [
        entities.user.create({ ...fields, searchTerms: terms, ...(adminPhone ? { adminPhone, alertRole: "ADMIN" as const } : {}) }).commit(),
        entities.uniqueValue.create({ ...uniqueKey("email", account.email), ownerId: sub }).commit(),
        entities.uniqueValue.create({ ...uniqueKey("username", account.username), ownerId: sub }).commit(),
        ...termWrites(entities, sub, undefined, terms).map((labelled) => labelled.write),
      ])
      .go(),
  );
  return {
    type: "user",
    userId: sub,
    username: account.username,
    email: account.email,
    emailVerified: true,
    givenName: account.firstName,
    familyName: account.lastName,
    roles: fields.roles,
  };
}

/** Opens each shop's drawer, by the demo employee with the shop's float, where the shop never had one. */
async function openDemoDrawers(employee: UserActor): Promise<void> {
  const { data: sessions } = await db().entities.drawerSession.query.byDay({}).go({ pages: "all", attributes: ["location"] } as never);
  const had = new Set((sessions as { location: string }[]).map((session) => session.location));
  for (const location of BOOKABLE_LOCATIONS) {
    if (had.has(location)) continue;
    const { defaultFloatCents } = await Drawers.currentDrawer(employee, { location });
    await Drawers.openDrawer(employee, { location, startingCashCents: defaultFloatCents }).catch((error: unknown) => {
      // Opened meanwhile (a start beside another): the shop has its drawer.
      if ((error as { kind?: string }).kind !== "conflict") throw error;
    });
  }
}

export async function seedDemoShop(target: SeedTarget): Promise<void> {
  await seedAccount(target, target.accounts.admin, ["ADMIN"]);
  const employee = await seedAccount(target, target.accounts.employee, ["EMPLOYEE"]);
  const customer = await seedAccount(target, target.accounts.customer, []);

  // Each item with the uniqueValue that reserves its code, in one transaction; a cancelled one is already there.
  const writes: (() => Promise<unknown>)[] = [
    // The catalogue as stage:setup puts it in a new stage, with the demo's stock.
    ...[...starterCatalogue, ...quickSaleProducts].map((product) => () => addProductIfMissing(product, demoStock(product))),
    // Each shop's starter contact, where the shop has none (an admin's edits are kept).
    () => addShopContactsIfMissing(),
    ...demoPromotions.map((promotion) => () =>
      db()
        .transaction.write(({ promotion: promotions, uniqueValue }) => [
          promotions.create(promotion).commit(),
          uniqueValue.create({ ...uniqueKey("promoCode", promotion.code), ownerId: promotion.id }).commit(),
        ])
        .go(),
    ),
    ...demoBags.map((demo) => async () => {
      const bag = { ...demo, qrSlug: Bags.randomSlug() };
      const made = await db()
        .transaction.write(({ bag: bags, uniqueValue }) => [
          bags.create(bag).commit(),
          uniqueValue.create({ ...uniqueKey("bagQrSlug", bag.qrSlug), ownerId: bag.id }).commit(),
          uniqueValue.create({ ...uniqueKey("bagCode", bag.code3), ownerId: bag.id }).commit(),
        ])
        .go();
      // A bag seeded before codes were reserved gets its reservation now (nothing when it has one).
      if (made.canceled) await db().entities.uniqueValue.create({ ...uniqueKey("bagCode", bag.code3), ownerId: bag.id }).go().catch((error: unknown) => {
          if (isServiceUnavailable(error)) throw error;
        });
    }),
    // A create is a no-op when the item is there (a cancelled transaction does not throw): an admin's edits are kept.
    ...demoPartners.map((partner) => () => db().transaction.write(({ partner: partners }) => [partners.create(partner).commit()]).go()),
    ...demoEvents(todayOf(new Date())).map((event) => () => db().transaction.write(({ gripSchedule }) => [gripSchedule.create(event).commit()]).go()),
  ];
  // One at a time, each tried again while DynamoDB Local is slow to answer: a JVM that has just
  // started on a busy machine can take longer than the handlers' 2 s limit for its first writes.
  for (const write of writes) await patiently(write);
  // Users of a shop seeded or signed up before customer search existed get their search items.
  await patiently(() => Users.indexUnindexedUsers());
  // Each shop's cash drawer open with its float, the first time the shop is seeded (a drawer staff closed stays
  // closed on the next start), so the demo's counter takes cash at once.
  await patiently(() => openDemoDrawers(employee));
  // Last: the orders take the catalogue's stock and the bags above. Booking needs the customer's verified phone
  // (SEED_CUSTOMER_PHONE); without one the demo shop has no orders.
  if (target.accounts.customer.phone) await patiently(() => seedDemoOrders(customer, employee));
}
