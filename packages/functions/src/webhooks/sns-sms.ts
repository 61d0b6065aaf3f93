/**
 * Texts in and delivery reports out when Amazon SNS carries the shop's texts (docs/architecture.md, SMS in and out):
 * - `inbound`: subscribed to the SmsInbound topic (stacks/Webhooks.ts), where AWS End User Messaging's two-way
 *   SMS publishes each text sent to the shop's number.
 * - `deliveryStatus`: subscribed to SNS's SMS delivery status log groups (CloudWatch Logs), one line per text sent.
 * Neither has a URL: only SNS from that topic, or CloudWatch Logs from those groups, may invoke them (the
 * functions' resource policies, in place of Twilio's signature). A record that is not what it should be is logged
 * and dropped; a failure of ours throws, so the invocation is retried, which is safe: a text is stored once per
 * inboundMessageId and a status written again is the same status.
 */
import { gunzipSync } from "node:zlib";
import type { CloudWatchLogsDecodedData, CloudWatchLogsEvent, SNSEvent } from "aws-lambda";
import { handleSnsDeliveryLog, handleSnsInboundText, smsWebhookActor, type InboundOutcome } from "@regrip/core/communications/inbound";
import { granted } from "@regrip/core/aws/grants";
import { DomainError } from "@regrip/core/errors";
import { snsDeliveryStatus, snsInbound } from "../../../../infra/webhooks";

async function each(what: string, messages: string[], apply: (message: string) => Promise<InboundOutcome>): Promise<void> {
  for (const message of messages) {
    try {
      console.log(`${what}: ${JSON.stringify(await apply(message))}`);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      console.warn(`${what} refused: ${error.message}`);
    }
  }
}

export const inbound = granted(snsInbound, async (event: SNSEvent): Promise<void> => {
  await each(
    "sms inbound (SNS)",
    (event.Records ?? []).map((record) => record.Sns?.Message ?? ""),
    (message) => handleSnsInboundText(smsWebhookActor, { message }),
  );
});

export const deliveryStatus = granted(snsDeliveryStatus, async (event: CloudWatchLogsEvent): Promise<void> => {
  const data = JSON.parse(gunzipSync(Buffer.from(event.awslogs.data, "base64")).toString("utf8")) as CloudWatchLogsDecodedData;
  // CloudWatch Logs checks a new subscription with a CONTROL_MESSAGE: nothing to store.
  if (data.messageType !== "DATA_MESSAGE") return;
  await each(
    "sms delivery status (SNS)",
    data.logEvents.map((line) => line.message),
    (line) => handleSnsDeliveryLog(smsWebhookActor, { line }),
  );
});
