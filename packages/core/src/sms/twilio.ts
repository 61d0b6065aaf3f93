/**
 * Texts through Twilio's Messages REST endpoint, with `fetch`: no SDK.
 *
 * Why not the `twilio` package: it is 3.8 MB bundled and adds about 1.8x a
 * bare DynamoDB client's cold import to whatever function loads it, for one
 * POST with basic auth (`npm run bench:lambda` prints both). Installed beside
 * the function and imported only when a text is sent, it would still be that
 * much slower on the first text of every cold function.
 */
export interface TwilioAccount {
  accountSid: string;
  authToken: string;
  /** A phone number in E.164, or a Messaging Service SID (`MG...`). */
  from: string;
}

/** Twilio's API origin; tests point it at a local server. */
const TWILIO_API = "https://api.twilio.com";
const TWILIO_TIMEOUT_MS = 8_000;

/** Sends one text; answers Twilio's message SID, or throws with Twilio's own words when it refuses. */
export async function sendTwilioMessage(
  account: TwilioAccount,
  to: string,
  body: string,
  options: { apiOrigin?: string; timeoutMs?: number } = {},
): Promise<string> {
  const form = new URLSearchParams({ To: to, Body: body });
  form.set(account.from.startsWith("MG") ? "MessagingServiceSid" : "From", account.from);
  const url = `${options.apiOrigin ?? TWILIO_API}/2010-04-01/Accounts/${encodeURIComponent(account.accountSid)}/Messages.json`;
  const response = await fetch(url, {
    method: "POST",
    headers: {
      authorization: `Basic ${Buffer.from(`${account.accountSid}:${account.authToken}`).toString("base64")}`,
      "content-type": "application/x-www-form-urlencoded",
      accept: "application/json",
    },
    body: form,
    signal: AbortSignal.timeout(options.timeoutMs ?? TWILIO_TIMEOUT_MS),
  });
  const answer = (await response.json().catch(() => ({}))) as { sid?: string; message?: string; code?: number };
  if (!response.ok || !answer.sid) {
    const code = answer.code ? ` (Twilio error ${answer.code})` : "";
    throw new Error(`Twilio refused the text: ${answer.message ?? `HTTP ${response.status}`}${code}`);
  }
  return answer.sid;
}
