import { randomBytes } from "node:crypto";
import { twilioSignature } from "../../packages/core/src/sms/twilio-signature";

/** The shop's number in the texts played on one machine (Twilio's `To`). */
export const LOCAL_SHOP_NUMBER = "+15555550100";

export interface SignedPost {
  headers: Record<string, string>;
  body: string;
}

/** A form post as Twilio makes it to `url`, signed with `authToken` (X-Twilio-Signature). */
export function signedTwilioPost(url: string, authToken: string, params: Record<string, string>): SignedPost {
  const body = new URLSearchParams(params).toString();
  return {
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-twilio-signature": twilioSignature(authToken, url, Object.entries(params)),
    },
    body,
  };
}

/** A fresh Twilio-like message id: `SM` and 32 hex digits. */
export const messageSid = () => `SM${randomBytes(16).toString("hex")}`;

/** An inbound text from `from` saying `text`, as Twilio posts it to the SMS webhook at `url`. */
export function inboundTextPost(url: string, authToken: string, from: string, text: string): SignedPost {
  return signedTwilioPost(url, authToken, {
    MessageSid: messageSid(),
    AccountSid: "AClocal",
    From: from,
    To: LOCAL_SHOP_NUMBER,
    Body: text,
    NumMedia: "0",
  });
}

/** Twilio's delivery report for the text `externalId`. */
export function deliveryReportPost(url: string, authToken: string, externalId: string, status: string, errorCode?: string): SignedPost {
  return signedTwilioPost(url, authToken, {
    MessageSid: externalId,
    MessageStatus: status,
    AccountSid: "AClocal",
    From: LOCAL_SHOP_NUMBER,
    ...(errorCode ? { ErrorCode: errorCode } : {}),
  });
}
