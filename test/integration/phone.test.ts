import { randomInt } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { db } from "../../packages/core/src/db";
import { hashCode } from "../../packages/core/src/phone-verification";
import { useSmsProvider } from "../../packages/core/src/sms";
import { call, newCustomer } from "./support";

interface Sent {
  to: string;
  body: string;
}

let texts: Sent[];
let failing: boolean;

beforeEach(() => {
  texts = [];
  failing = false;
  useSmsProvider({
    name: "outbox",
    async send(to, body) {
      texts.push({ to, body });
      if (failing) throw new Error("The provider is down");
      return `test-${texts.length}`;
    },
  });
});
afterEach(() => useSmsProvider(undefined));

/** A number no other test texts: "(720) NXX-XXXX" as a customer types it, and its stored form. */
function freshNumber(): { typed: string; stored: string } {
  const digits = `720${randomInt(2_000_000, 9_999_999)}`;
  return { typed: `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`, stored: `+1${digits}` };
}

const codeIn = (text: Sent) => /code is (\d{6})\./.exec(text.body)?.[1] ?? "";

async function storedCode(userId: string) {
  return (await db().entities.verificationCode.get({ identifier: userId, type: "phone" }).go()).data;
}

async function me(token: string) {
  return (await call("GET", "/api/auth/user", { token })).body;
}

describe("POST /api/user/phone", () => {
  it("texts a 6-digit code to the normalised number and answers it", async () => {
    const player = await newCustomer();
    const number = freshNumber();
    const answer = await call("POST", "/api/user/phone", { token: player.token, body: { phone: number.typed } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ phoneNumber: number.stored });
    expect(texts).toHaveLength(1);
    expect(texts[0].to).toBe(number.stored);
    expect(texts[0].body).toMatch(/^Your Regrip verification code is \d{6}\. It expires in 10 minutes\.$/);
  });

  it("stores only a hash of the code, for 10 minutes, with no attempts yet", async () => {
    const player = await newCustomer();
    const number = freshNumber();
    const before = Date.now();
    await call("POST", "/api/user/phone", { token: player.token, body: { phone: number.typed } });
    const code = codeIn(texts[0]);
    const item = await storedCode(player.sub);
    expect(item).toMatchObject({ destination: number.stored, attempts: 0, codeHash: hashCode(player.sub, number.stored, code) });
    expect(JSON.stringify(item)).not.toContain(code);
    const expires = Date.parse(item!.expiresAt);
    expect(expires).toBeGreaterThanOrEqual(before + 10 * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 1000);
    // The raw item in the table: no attribute holds the code either.
    const raw = await db().entities.verificationCode.get({ identifier: player.sub, type: "phone" }).go({ data: "raw" });
    expect(JSON.stringify(raw.data)).not.toContain(code);
  });

  it("logs the text in the communications log as a verification message", async () => {
    const player = await newCustomer();
    const number = freshNumber();
    await call("POST", "/api/user/phone", { token: player.token, body: { phone: number.typed } });
    const page = await db().entities.communication.query.byUser({ userId: player.sub }).go();
    expect(page.data).toEqual([
      expect.objectContaining({ channel: "sms", recipient: number.stored, messageType: "verification", status: "sent", message: texts[0].body }),
    ]);
  });

  it.each([
    ["too few digits", { phone: "303-555-014" }],
    ["too many digits", { phone: "303-555-01422" }],
    ["letters", { phone: "call me" }],
    ["no phone", {}],
    ["a number instead of text", { phone: 3035550142 }],
  ])("is 400 for %s", async (_, body) => {
    const player = await newCustomer();
    const answer = await call("POST", "/api/user/phone", { token: player.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "Please enter a valid 10-digit phone number" });
    expect(texts).toHaveLength(0);
  });

  it("sends at most 5 codes to one number in an hour, whoever asks", async () => {
    const [first, second] = await Promise.all([newCustomer(), newCustomer()]);
    const number = freshNumber();
    for (const token of [first.token, second.token, first.token, second.token, first.token]) {
      expect((await call("POST", "/api/user/phone", { token, body: { phone: number.typed } })).status).toBe(200);
    }
    const sixth = await call("POST", "/api/user/phone", { token: second.token, body: { phone: number.typed } });
    expect(sixth.status).toBe(429);
    expect(sixth.body).toEqual({ message: "Too many codes sent to this number. Please try again later." });
    expect(texts).toHaveLength(5);
    // Another number is not affected.
    expect((await call("POST", "/api/user/phone", { token: second.token, body: { phone: freshNumber().typed } })).status).toBe(200);
  });

  it("sends at most 10 codes an hour for one user, whatever the numbers", async () => {
    const player = await newCustomer();
    for (let i = 0; i < 10; i++) {
      expect((await call("POST", "/api/user/phone", { token: player.token, body: { phone: freshNumber().typed } })).status).toBe(200);
    }
    const eleventh = await call("POST", "/api/user/phone", { token: player.token, body: { phone: freshNumber().typed } });
    expect(eleventh.status).toBe(429);
    expect(eleventh.body).toEqual({ message: "Too many codes requested. Please try again later." });
    expect(texts).toHaveLength(10);
  });

  it("counts over a rolling hour: a send older than an hour no longer counts", async () => {
    const player = await newCustomer();
    const number = freshNumber();
    const now = Date.now();
    const at = (minutesAgo: number) => new Date(now - minutesAgo * 60_000).toISOString();
    await db()
      .entities.rateLimit.create({
        scope: "phoneCode",
        subject: number.stored,
        uses: [at(61), at(50), at(40), at(30), at(20)],
        version: 1,
        expiresAt: new Date(now + 40 * 60_000).toISOString(),
      })
      .go();
    expect((await call("POST", "/api/user/phone", { token: player.token, body: { phone: number.typed } })).status).toBe(200);
    expect((await call("POST", "/api/user/phone", { token: player.token, body: { phone: number.typed } })).status).toBe(429);
  });

  it("keeps the limit under parallel requests", async () => {
    const player = await newCustomer();
    const number = freshNumber();
    const answers = await Promise.all(
      Array.from({ length: 9 }, () => call("POST", "/api/user/phone", { token: player.token, body: { phone: number.typed } })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(4);
    expect(texts).toHaveLength(5);
  });

  it("is 503 when the text could not be sent, and the code stays valid", async () => {
    const player = await newCustomer();
    const number = freshNumber();
    failing = true;
    const answer = await call("POST", "/api/user/phone", { token: player.token, body: { phone: number.typed } });
    expect(answer.status).toBe(503);
    expect(answer.body).toEqual({ message: "We could not send the code. Please try again." });
    const page = await db().entities.communication.query.byUser({ userId: player.sub }).go();
    expect(page.data[0]).toMatchObject({ messageType: "verification", status: "failed" });
    const verified = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: codeIn(texts[0]) } });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ phone: number.stored, phoneVerified: true });
  });

  it("refuses a number that replied STOP", async () => {
    const player = await newCustomer();
    const number = freshNumber();
    await db().entities.smsConversation.create({ phoneNumber: number.stored, optedOut: true }).go();
    const answer = await call("POST", "/api/user/phone", { token: player.token, body: { phone: number.typed } });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/opted out/);
    expect(texts).toHaveLength(0);
  });
});

describe("POST /api/user/phone/verify", () => {
  async function codeSent() {
    const player = await newCustomer();
    const number = freshNumber();
    const sent = await call("POST", "/api/user/phone", { token: player.token, body: { phone: number.typed } });
    expect(sent.status).toBe(200);
    const code = codeIn(texts.at(-1)!);
    const wrong = code === "000000" ? "111111" : "000000";
    return { ...player, number, code, wrong };
  }

  it("sets the phone, marks it verified and deletes the code", async () => {
    const player = await codeSent();
    const answer = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: player.code } });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ id: player.sub, phone: player.number.stored, phoneVerified: true, roles: ["CUSTOMER"] });
    expect(await me(player.token)).toMatchObject({ phone: player.number.stored, phoneVerified: true });
    expect(await storedCode(player.sub)).toBeNull();
    // Used once: the same code again finds nothing.
    const again = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: player.code } });
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: "Invalid or expired code" });
  });

  it("accepts the code with spaces around it", async () => {
    const player = await codeSent();
    const answer = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: ` ${player.code} ` } });
    expect(answer.status).toBe(200);
  });

  it.each([
    ["five digits", { code: "12345" }],
    ["seven digits", { code: "1234567" }],
    ["letters", { code: "12a456" }],
    ["a number instead of text", { code: 123456 }],
    ["no code", {}],
  ])("is 400 for %s", async (_, body) => {
    const player = await codeSent();
    const answer = await call("POST", "/api/user/phone/verify", { token: player.token, body });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "Please enter the 6-digit verification code" });
    expect((await storedCode(player.sub))!.attempts).toBe(0);
  });

  it("is 400 when no code was sent", async () => {
    const player = await newCustomer();
    const answer = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: "123456" } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "Invalid or expired code" });
  });

  it("is 400 for another user's code", async () => {
    const player = await codeSent();
    const other = await newCustomer();
    const answer = await call("POST", "/api/user/phone/verify", { token: other.token, body: { code: player.code } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "Invalid or expired code" });
  });

  it("is 400 for an expired code, even the right one", async () => {
    const player = await newCustomer();
    const number = freshNumber();
    await call("GET", "/api/auth/user", { token: player.token });
    await db()
      .entities.verificationCode.put({
        identifier: player.sub,
        type: "phone",
        destination: number.stored,
        userId: player.sub,
        codeHash: hashCode(player.sub, number.stored, "424242"),
        attempts: 0,
        expiresAt: new Date(Date.now() - 1000).toISOString(),
      })
      .go();
    const answer = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: "424242" } });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: "Invalid or expired code" });
    expect(await me(player.token)).toMatchObject({ phone: null, phoneVerified: false });
  });

  it("counts wrong tries: 400 four times, 429 on the fifth, and then even the right code is refused", async () => {
    const player = await codeSent();
    for (let i = 1; i <= 4; i++) {
      const answer = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: player.wrong } });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ message: "Invalid or expired code" });
      expect((await storedCode(player.sub))!.attempts).toBe(i);
    }
    const fifth = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: player.wrong } });
    expect(fifth.status).toBe(429);
    expect(fifth.body).toEqual({ message: "Too many attempts. Please request a new code." });
    const right = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: player.code } });
    expect(right.status).toBe(429);
    expect(right.body).toEqual({ message: "Too many attempts. Please request a new code." });
    expect((await storedCode(player.sub))!.attempts).toBe(5);
    expect(await me(player.token)).toMatchObject({ phoneVerified: false });

    // A new code starts over.
    await call("POST", "/api/user/phone", { token: player.token, body: { phone: player.number.typed } });
    const fresh = codeIn(texts.at(-1)!);
    const verified = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: fresh } });
    expect(verified.status).toBe(200);
    expect(verified.body.phoneVerified).toBe(true);
  });

  it("checks at most 5 guesses however many arrive at once", async () => {
    const player = await codeSent();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => call("POST", "/api/user/phone/verify", { token: player.token, body: { code: player.wrong } })),
    );
    expect((await storedCode(player.sub))!.attempts).toBe(5);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(4);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(8);
  });

  it("verifies the number the code was sent to, replacing the phone on file", async () => {
    const player = await newCustomer();
    const old = freshNumber();
    await call("PUT", "/api/auth/user", { token: player.token, body: { phone: old.typed } });
    const next = freshNumber();
    await call("POST", "/api/user/phone", { token: player.token, body: { phone: next.typed } });
    const answer = await call("POST", "/api/user/phone/verify", { token: player.token, body: { code: codeIn(texts.at(-1)!) } });
    expect(answer.body).toMatchObject({ phone: next.stored, phoneVerified: true });
  });
});
