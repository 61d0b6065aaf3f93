import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { uniqueKey } from "../../packages/core/src/entities";
import { PROMOTIONS_CONSENT_TEXT } from "../../packages/core/src/shared/sms-consent";
import { call, newCustomer } from "./support";

const put = (token: string, body: unknown) => call("PUT", "/api/auth/user", { token, body });
const owner = async (email: string) => (await db().entities.uniqueValue.get(uniqueKey("email", email)).go()).data?.ownerId;

describe("consent for promotional texts", () => {
  const stored = async (userId: string) => (await db().entities.user.get({ userId }).go()).data!;

  it("starts a new account opted out of promotions and opted in to order updates", async () => {
    const player = await newCustomer();
    const answer = await call("GET", "/api/auth/user", { token: player.token });
    expect(answer.body).toMatchObject({ smsNotifications: true, emailNotifications: true, smsPromotions: false, emailPromotions: false });
    expect(await stored(player.sub)).toMatchObject({ smsPromotions: false, emailPromotions: false, smsNotifications: true });
    expect((await stored(player.sub)).smsConsentText).toBeUndefined();
  });

  it("records the words agreed to, the time and the request's address when the customer opts in; opting out clears them", async () => {
    const player = await newCustomer();
    const before = new Date().toISOString();
    const on = await call("PUT", "/api/auth/user", { token: player.token, body: { smsPromotions: true } });
    expect(on.status).toBe(200);
    expect(on.body.smsPromotions).toBe(true);
    const user = await stored(player.sub);
    expect(user).toMatchObject({ smsPromotions: true, smsConsentText: PROMOTIONS_CONSENT_TEXT, smsConsentIp: "127.0.0.1" });
    expect(user.smsConsentedAt! >= before).toBe(true);
    // Saying it again keeps the first record.
    await call("PUT", "/api/auth/user", { token: player.token, body: { smsPromotions: true, firstName: "Opal" } });
    expect((await stored(player.sub)).smsConsentedAt).toBe(user.smsConsentedAt);

    const off = await call("PUT", "/api/auth/user", { token: player.token, body: { smsPromotions: false } });
    expect(off.body.smsPromotions).toBe(false);
    const cleared = await stored(player.sub);
    expect(cleared.smsPromotions).toBe(false);
    expect([cleared.smsConsentText, cleared.smsConsentedAt, cleared.smsConsentIp]).toEqual([undefined, undefined, undefined]);
  });

  it("records consent for a switch left on by the old app without a record, and shows it off until then", async () => {
    const player = await newCustomer();
    await call("GET", "/api/auth/user", { token: player.token });
    await db().entities.user.patch({ userId: player.sub }).set({ smsPromotions: true }).go();
    expect((await call("GET", "/api/auth/user", { token: player.token })).body.smsPromotions).toBe(false);
    await call("PUT", "/api/auth/user", { token: player.token, body: { smsPromotions: true } });
    expect(await stored(player.sub)).toMatchObject({ smsConsentText: PROMOTIONS_CONSENT_TEXT, smsConsentIp: "127.0.0.1" });
  });
});

describe("PUT /api/auth/user", () => {
  it("updates names (trimmed) and the notification switches, and answers the UserView", async () => {
    const player = await newCustomer();
    const answer = await put(player.token, {
      firstName: "  Dana ",
      lastName: " Dinker",
      smsNotifications: false,
      smsPromotions: false,
      emailNotifications: true,
      emailPromotions: false,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      id: player.sub,
      firstName: "Dana",
      lastName: "Dinker",
      email: player.email,
      phone: null,
      phoneVerified: false,
      profileImageUrl: null,
      smsNotifications: false,
      smsPromotions: false,
      emailNotifications: true,
      emailPromotions: false,
      roles: ["CUSTOMER"],
      defaultPrefs: null,
      authenticator: false,
      authenticatorRequired: false,
    });
    expect((await call("GET", "/api/auth/user", { token: player.token })).body).toEqual(answer.body);
  });

  it("leaves out fields alone and clears a name sent empty", async () => {
    const player = await newCustomer();
    await put(player.token, { firstName: "Dana", lastName: "Dinker" });
    const answer = await put(player.token, { lastName: "" });
    expect(answer.body).toMatchObject({ firstName: "Dana", lastName: null, email: player.email, smsNotifications: true });
  });

  it("answers the user unchanged for an empty body", async () => {
    const player = await newCustomer();
    const answer = await put(player.token, {});
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: player.sub, email: player.email });
  });

  it.each([
    ["a first name over 50 characters", { firstName: "x".repeat(51) }, "First name must be at most 50 characters"],
    ["a last name over 50 characters", { lastName: "y".repeat(51) }, "Last name must be at most 50 characters"],
    ["a NUL in a name", { firstName: "Ca\u0000sey" }, "First name cannot contain control characters"],
    ["a line break in a name", { lastName: "Dink\nSmith" }, "Last name cannot contain control characters"],
    ["an invalid email", { email: "not-an-email" }, "Invalid email"],
    ["an email that is not text", { email: 42 }, "Invalid email"],
    ["a phone of 7 digits", { phone: "555-0142" }, "Please enter a complete 10-digit phone number or leave it empty."],
    ["a phone of 11 digits not starting with 1", { phone: "23035550142" }, "Please enter a complete 10-digit phone number or leave it empty."],
    ["a switch that is not true or false", { smsNotifications: "yes" }, "Notification settings must be true or false"],
  ])("is 400 for %s", async (_, body, message) => {
    const player = await newCustomer();
    const answer = await put(player.token, body);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message });
  });

  it("accepts names of exactly 50 characters after trimming", async () => {
    const player = await newCustomer();
    const answer = await put(player.token, { firstName: ` ${"a".repeat(50)} ` });
    expect(answer.status).toBe(200);
    expect(answer.body.firstName).toHaveLength(50);
  });

  it("normalises the phone to +1 and ten digits, un-verifies a changed phone, and clears it with an empty string", async () => {
    const player = await newCustomer();
    const first = await put(player.token, { phone: "1 (303) 555-0142" });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ phone: "+13035550142", phoneVerified: false });

    await db().entities.user.patch({ userId: player.sub }).set({ phoneVerified: true }).go();
    const same = await put(player.token, { phone: "303.555.0142" });
    expect(same.body).toMatchObject({ phone: "+13035550142", phoneVerified: true });

    const changed = await put(player.token, { phone: "720-555-0199" });
    expect(changed.body).toMatchObject({ phone: "+17205550199", phoneVerified: false });

    await db().entities.user.patch({ userId: player.sub }).set({ phoneVerified: true }).go();
    const cleared = await put(player.token, { phone: "" });
    expect(cleared.body).toMatchObject({ phone: null, phoneVerified: false });
  });

  it("changes the email (lower-cased), moving its claim in the same write", async () => {
    const player = await newCustomer();
    await call("GET", "/api/auth/user", { token: player.token });
    expect(await owner(player.email)).toBe(player.sub);
    const next = `New-${randomUUID().slice(0, 8)}@Regrip.Test`;
    const answer = await put(player.token, { email: `  ${next} ` });
    expect(answer.status).toBe(200);
    expect(answer.body.email).toBe(next.toLowerCase());
    expect(await owner(next)).toBe(player.sub);
    expect(await owner(player.email)).toBeUndefined();
    const stored = (await db().entities.user.get({ userId: player.sub }).go()).data;
    expect(stored).toMatchObject({ email: next.toLowerCase(), emailVerified: false });
  });

  it("is 409 for an email another account holds, whatever its case, and changes nothing", async () => {
    const [first, second] = await Promise.all([newCustomer(), newCustomer()]);
    await call("GET", "/api/auth/user", { token: first.token });
    const answer = await put(second.token, { email: first.email.toUpperCase(), firstName: "Sneaky" });
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({ message: "That email is already in use" });
    expect(await owner(first.email)).toBe(first.sub);
    expect(await owner(second.email)).toBe(second.sub);
    expect((await call("GET", "/api/auth/user", { token: second.token })).body).toMatchObject({ email: second.email, firstName: null });
  });

  it("frees the old email for someone else, and lets only one of two racing accounts take an email", async () => {
    const [first, second, third] = await Promise.all([newCustomer(), newCustomer(), newCustomer()]);
    await Promise.all([first, second, third].map((p) => call("GET", "/api/auth/user", { token: p.token })));
    await put(first.token, { email: `moved-${randomUUID().slice(0, 8)}@regrip.test` });
    const taken = await put(second.token, { email: first.email });
    expect(taken.status).toBe(200);
    expect(await owner(first.email)).toBe(second.sub);

    const wanted = `wanted-${randomUUID().slice(0, 8)}@regrip.test`;
    const answers = await Promise.all([put(first.token, { email: wanted }), put(third.token, { email: wanted })]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const winner = answers[0].status === 200 ? first.sub : third.sub;
    expect(await owner(wanted)).toBe(winner);
  });

  it("clears the email with an empty string and releases it", async () => {
    const player = await newCustomer();
    await call("GET", "/api/auth/user", { token: player.token });
    const answer = await put(player.token, { email: "" });
    expect(answer.status).toBe(200);
    expect(answer.body.email).toBeNull();
    expect(await owner(player.email)).toBeUndefined();
  });

  it("works on a first call, before the user item exists", async () => {
    const player = await newCustomer();
    const answer = await put(player.token, { firstName: "Early" });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: player.sub, firstName: "Early", email: player.email });
  });
});

describe("GET /api/subscriptions", () => {
  it("answers plan null and status none without a subscription", async () => {
    const player = await newCustomer();
    const answer = await call("GET", "/api/subscriptions", { token: player.token });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ plan: null, status: "none", assignedPaddleIds: [], regripsLeft: 0 });
  });

  it("answers the plan and status of the user's subscription, a live one before an ended one", async () => {
    const player = await newCustomer();
    await db().entities.subscription.create({ userId: player.sub, plan: "FAMILY3_MONTHLY", status: "active", createdAt: "2026-01-01T00:00:00.000Z" }).go();
    expect((await call("GET", "/api/subscriptions", { token: player.token })).body).toMatchObject({ plan: "FAMILY3_MONTHLY", status: "active" });
    await db().entities.subscription.create({ userId: player.sub, plan: "SINGLE_MONTHLY", status: "canceled" }).go();
    expect((await call("GET", "/api/subscriptions", { token: player.token })).body).toMatchObject({ plan: "FAMILY3_MONTHLY", status: "active" });
    // Someone else's subscription is not theirs.
    const other = await newCustomer();
    expect((await call("GET", "/api/subscriptions", { token: other.token })).body).toMatchObject({ plan: null, status: "none", assignedPaddleIds: [], regripsLeft: 0 });
  });

  it("answers the newest ended subscription when none is live", async () => {
    const player = await newCustomer();
    await db().entities.subscription.create({ userId: player.sub, plan: "FAMILY3_MONTHLY", status: "canceled", createdAt: "2026-01-01T00:00:00.000Z" }).go();
    await db().entities.subscription.create({ userId: player.sub, plan: "SINGLE_MONTHLY", status: "incomplete_expired", createdAt: "2026-02-01T00:00:00.000Z" }).go();
    expect((await call("GET", "/api/subscriptions", { token: player.token })).body).toMatchObject({ plan: "SINGLE_MONTHLY", status: "incomplete_expired" });
  });
});
