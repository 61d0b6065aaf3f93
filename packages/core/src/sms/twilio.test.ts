import { createServer, type IncomingMessage, type Server } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendTwilioMessage } from "./twilio";

/** A stand-in for Twilio's Messages endpoint on 127.0.0.1: it records what it was sent and answers as Twilio does. */
let server: Server;
let origin: string;
const seen: { url: string; authorization?: string; form: URLSearchParams }[] = [];
let answer: { status: number; body: unknown } = { status: 201, body: { sid: "SM123" } };

beforeAll(async () => {
  server = createServer(async (req: IncomingMessage, res) => {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization, form: new URLSearchParams(raw) });
    if (answer.status === 0) return; // never answers
    res.writeHead(answer.status, { "content-type": "application/json" });
    res.end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const account = { accountSid: "AC0001", authToken: "secret-token", from: "+17205550100" };

describe("sendTwilioMessage", () => {
  it("posts To, From and Body with basic auth to the account's Messages endpoint and answers the SID", async () => {
    answer = { status: 201, body: { sid: "SM123" } };
    await expect(sendTwilioMessage(account, "+17205550199", "Your paddle is ready!", { apiOrigin: origin })).resolves.toBe("SM123");
    const request = seen.at(-1)!;
    expect(request.url).toBe("/2010-04-01/Accounts/AC0001/Messages.json");
    expect(request.authorization).toBe(`Basic ${Buffer.from("AC0001:secret-token").toString("base64")}`);
    expect(Object.fromEntries(request.form)).toEqual({ To: "+17205550199", From: "+17205550100", Body: "Your paddle is ready!" });
  });

  it("sends from a Messaging Service when `from` is one", async () => {
    answer = { status: 201, body: { sid: "SM124" } };
    await sendTwilioMessage({ ...account, from: "MG0002" }, "+17205550199", "Hi", { apiOrigin: origin });
    expect(seen.at(-1)!.form.get("MessagingServiceSid")).toBe("MG0002");
    expect(seen.at(-1)!.form.has("From")).toBe(false);
  });

  it("throws with Twilio's message and code when it refuses", async () => {
    answer = { status: 400, body: { code: 21211, message: "The 'To' number +1555 is not a valid phone number." } };
    await expect(sendTwilioMessage(account, "+1555", "Hi", { apiOrigin: origin })).rejects.toThrow(
      "Twilio refused the text: The 'To' number +1555 is not a valid phone number. (Twilio error 21211)",
    );
  });

  it("gives up when Twilio does not answer in time", async () => {
    answer = { status: 0, body: null };
    await expect(sendTwilioMessage(account, "+17205550199", "Hi", { apiOrigin: origin, timeoutMs: 200 })).rejects.toThrow(/timeout|aborted/i);
  });
});
