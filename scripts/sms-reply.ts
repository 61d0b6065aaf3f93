/**
 * `npm run sms:reply -- +15555550123 STOP`: plays a customer's text to the shop on one machine. Posts it to the
 * running shop's SMS webhook (`/webhooks/sms`, the very handler Twilio reaches in the cloud), form-encoded and
 * signed as Twilio signs (X-Twilio-Signature with TWILIO_AUTH_TOKEN from `.env`, else the local token), so STOP,
 * START, HELP and any other reply go through the same checks and writes. The outbox page
 * (http://localhost:3000/local/outbox) does the same from the browser.
 */
import { loadSettings } from "../infra/local/settings";
import { inboundTextPost } from "../infra/local/sms-reply";
import { localTwilioAuthToken, smsWebhookPath } from "../infra/local/webhooks";
import { E164 } from "../packages/core/src/shared/phone";

const [from, ...words] = process.argv.slice(2);
const text = words.join(" ");
if (!from || !E164.test(from) || !text.trim()) {
  console.error("Usage: npm run sms:reply -- +15555550123 STOP   (the customer's number in E.164, then the text)");
  process.exit(2);
}
const settings = loadSettings();
const host = settings.host === "0.0.0.0" || settings.host === "::" ? "127.0.0.1" : settings.host;
const url = `http://${host}:${settings.port}${smsWebhookPath}`;
const signed = inboundTextPost(url, settings.vars.TWILIO_AUTH_TOKEN || localTwilioAuthToken, from, text);
try {
  const answer = await fetch(url, { method: "POST", headers: signed.headers, body: signed.body });
  const body = await answer.text();
  if (!answer.ok) {
    console.error(`[regrip] The webhook answered ${answer.status}: ${body}`);
    process.exit(1);
  }
  console.log(`[regrip] ${from} texted the shop "${text}" (${answer.status}).`);
} catch (error) {
  console.error(`[regrip] The shop is not running at ${url} (npm start in another terminal): ${(error as Error).message}`);
  process.exit(1);
}
