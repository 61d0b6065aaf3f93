/**
 * The outbox on one machine (`/local/outbox`): the texts the shop sent (the outbox file, SMS_OUTBOX_FILE),
 * newest first, each with a reply box, and beside them the emails (EMAIL_OUTBOX_FILE: the shop's confirmations,
 * receipts and refund notices, and the local user pool's sign-up codes). A reply is posted to the SMS webhook exactly as Twilio would post it,
 * signed with the auth token the webhook checks (TWILIO_AUTH_TOKEN, or the local one), so STOP, START, HELP and
 * any other reply take the path they take in the cloud. `npm run sms:reply` does the same from a terminal.
 *
 * Texts hold sign-in codes: the page answers requests from this machine only (even with HOST=0.0.0.0), and takes
 * a reply only from its own form (same origin).
 */
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { env } from "../env";
import { E164 } from "../../packages/core/src/shared/phone";
import type { EmailOutboxEntry } from "../../packages/core/src/email/providers";
import type { OutboxEntry } from "../../packages/core/src/sms/providers";
import { authenticatorCodes } from "./authenticator";
import { cognitoDataDir } from "./cognito";
import { inboundTextPost } from "./sms-reply";
import { invokeWebhook, localTwilioAuthToken, smsWebhookPath } from "./webhooks";

export const outboxPath = "/local/outbox";
const SHOWN = 100;

const styles = `
  body { font-family: system-ui, sans-serif; margin: 0; background: #f4f5f7; color: #1b1f24; }
  main { max-width: 46rem; margin: 0 auto; padding: 1rem; }
  .notice { background: #fff7d6; border: 1px solid #e0c35a; padding: .5rem .75rem; border-radius: 6px; }
  ol { list-style: none; padding: 0; }
  li { background: #fff; border: 1px solid #d5dbe1; border-radius: 8px; padding: .75rem; margin: .75rem 0; }
  .meta { color: #414d5c; font-size: .875rem; }
  .subject { font-size: 1rem; margin: .5rem 0 0; }
  .body { white-space: pre-wrap; overflow-wrap: anywhere; margin: .5rem 0; }
  form { display: flex; gap: .5rem; flex-wrap: wrap; }
  input { flex: 1; min-width: 10rem; font-size: 1rem; padding: .5rem; border: 1px solid #7d8998; border-radius: 6px; }
  button { font-size: 1rem; padding: .5rem .9rem; border-radius: 6px; border: 1px solid #0b4f8a; background: #0b4f8a; color: #fff; cursor: pointer; }
  .done { background: #e6f4ea; border: 1px solid #0b6b3a; padding: .5rem .75rem; border-radius: 6px; }
  .failed { background: #fde7e9; border: 1px solid #8a1c1c; padding: .5rem .75rem; border-radius: 6px; }
`;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

function policy(): string {
  const styleHash = createHash("sha256").update(styles).digest("base64");
  return ["default-src 'none'", `style-src 'sha256-${styleHash}'`, "form-action 'self'", "frame-ancestors 'none'", "base-uri 'none'"].join("; ");
}

function page(res: ServerResponse, status: number, body: string) {
  res.writeHead(status, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", "content-security-policy": policy() });
  res.end(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Outbox · Regrip on this machine</title>
<style>${styles}</style>
</head>
<body><main>${body}</main></body>
</html>`);
}

/** The outbox's last texts (or, from the email outbox file, emails), newest first. */
export function readOutbox<Entry = OutboxEntry>(file: string | undefined, max = SHOWN): Entry[] {
  if (!file || !existsSync(file)) return [];
  const entries: Entry[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    try {
      entries.push(JSON.parse(line) as Entry);
    } catch {
      // a line cut short by a crash: skipped
    }
  }
  return entries.reverse().slice(0, max);
}

const isLoopback = (address: string | undefined) => !!address && (address === "::1" || address.startsWith("127.") || address === "::ffff:127.0.0.1");

function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > 10_000) req.destroy(new Error("too large"));
    });
    req.on("end", () => resolve(new URLSearchParams(text)));
    req.on("error", reject);
  });
}

/** The emails of the email outbox, newest first: who to, when, the subject and the words. */
function emailsSection(): string {
  const emails = readOutbox<EmailOutboxEntry>(process.env[env.emailOutboxFile]);
  const items = emails
    .map(
      (email) => `<li>
  <div class="meta">To <b>${escape(email.to)}</b> · ${escape(new Date(email.at).toLocaleString("en-US"))}</div>
  <h3 class="subject">${escape(email.subject)}</h3>
  <div class="body">${escape(email.body)}</div>
</li>`,
    )
    .join("");
  return `<h2>Emails</h2>
${emails.length ? `<ol aria-label="Emails sent">${items}</ol>` : "<p>No emails yet.</p>"}`;
}

/** The pool whose accounts' authenticator codes the page shows (the shop's), when it has one. */
export interface OutboxPool {
  userPoolId: string;
  dataDir: string;
}

/**
 * What a staff member's phone would show: the current code of every local account with an authenticator app
 * (the demo's staff have one from the seed). In the cloud the app on their phone is the only place it is.
 */
function authenticatorsSection(pool: OutboxPool | undefined): string {
  if (!pool) return "";
  const codes = authenticatorCodes(cognitoDataDir(pool.dataDir), pool.userPoolId);
  const secondsLeft = 30 - (Math.floor(Date.now() / 1000) % 30);
  const items = codes.map((entry) => `<li><b>${escape(entry.username)}</b> <code class="code">${entry.code}</code></li>`).join("");
  return `<h2>Authenticator codes</h2>
<p>Two-step sign-in: the code each account's authenticator app shows now (a new one in ${secondsLeft} s; reload for it).</p>
${codes.length ? `<ul aria-label="Authenticator codes">${items}</ul>` : "<p>No account has an authenticator app yet.</p>"}`;
}

function show(res: ServerResponse, status: number, flash = "", pool?: OutboxPool) {
  const entries = readOutbox(process.env[env.smsOutboxFile]);
  const items = entries
    .map(
      (entry) => `<li>
  <div class="meta">To <b>${escape(entry.to)}</b> · ${escape(new Date(entry.at).toLocaleString("en-US"))}</div>
  <div class="body">${escape(entry.body)}</div>
  <form method="post" action="${outboxPath}" aria-label="Reply as ${escape(entry.to)}">
    <input type="hidden" name="from" value="${escape(entry.to)}">
    <input name="text" aria-label="Reply from ${escape(entry.to)}" placeholder="Reply as ${escape(entry.to)} (STOP, START, HELP ...)" maxlength="1600" required>
    <button type="submit">Reply</button>
  </form>
</li>`,
    )
    .join("");
  page(
    res,
    status,
    `<p class="notice" role="note">Texts and emails the shop sent on this machine (no SMS provider or email sender is set), and the codes its authenticator apps show. A reply goes to the SMS webhook as Twilio would post it.</p>
<h1>Outbox</h1>
${flash}
${authenticatorsSection(pool)}
<h2>Texts</h2>
${entries.length ? `<ol aria-label="Texts sent">${items}</ol>` : "<p>No texts yet.</p>"}
${emailsSection()}`,
  );
}

/** Answers `/local/outbox`; false when the request is not for it. */
export async function handleOutbox(req: IncomingMessage, res: ServerResponse, pool?: OutboxPool): Promise<boolean> {
  const url = new URL(req.url ?? "/", "http://localhost");
  if (url.pathname !== outboxPath) return false;
  if (!isLoopback(req.socket.remoteAddress)) {
    res.writeHead(403, { "content-type": "text/plain; charset=utf-8" });
    res.end("The outbox is shown on this machine only.");
    return true;
  }
  if (req.method === "GET") {
    show(res, 200, "", pool);
    return true;
  }
  if (req.method !== "POST") {
    res.writeHead(405, { "content-type": "text/plain; charset=utf-8" });
    res.end("Method not allowed");
    return true;
  }
  const origin = req.headers.origin;
  if (origin && origin !== "null" && new URL(origin).host !== req.headers.host) {
    res.writeHead(403, { "content-type": "text/plain; charset=utf-8" });
    res.end("Replies are taken from this page only.");
    return true;
  }
  const form = await readForm(req);
  const from = form.get("from") ?? "";
  const text = (form.get("text") ?? "").trim();
  if (!E164.test(from) || !text) {
    show(res, 400, `<p class="failed" role="alert">A reply needs a number and a text.</p>`, pool);
    return true;
  }
  const host = req.headers.host ?? `127.0.0.1:${req.socket.localPort}`;
  const signed = inboundTextPost(`http://${host}${smsWebhookPath}`, process.env.TWILIO_AUTH_TOKEN || localTwilioAuthToken, from, text);
  const result = await invokeWebhook({ method: "POST", url: smsWebhookPath, headers: { host, ...signed.headers }, body: Buffer.from(signed.body) });
  if (result?.statusCode === 200) show(res, 200, `<p class="done" role="status">${escape(from)} replied "${escape(text)}".</p>`, pool);
  else show(res, 502, `<p class="failed" role="alert">The webhook answered ${result?.statusCode}: ${escape(result?.body ?? "")}</p>`, pool);
  return true;
}
