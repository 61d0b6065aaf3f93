import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import CopyToClipboard from "@cloudscape-design/components/copy-to-clipboard";
import Header from "@cloudscape-design/components/header";
import KeyValuePairs from "@cloudscape-design/components/key-value-pairs";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import { UNKNOWN_ERROR } from "@regrip/core/shared/api-words";
import { customerName, type CustomerView } from "@regrip/core/shared/customers";
import { stageOf } from "@regrip/core/shared/lifecycle";
import { displayPhone } from "@regrip/core/shared/phone";
import { orderTitle } from "@regrip/core/shared/orders";
import type { InvoiceAnswer } from "@regrip/core/shared/storefront";
import { sentence } from "../../../lib/sentence";
import { useToast } from "../../../toast/use-toast";
import { ConsoleBill } from "../ConsoleBill";

/** A new storefront order shows WAITING_ON_PAYMENT (the spec's words), underscores shown as spaces. */
function statusText(status: string): string {
  return (stageOf(status) === "awaiting_payment" ? "WAITING_ON_PAYMENT" : status).replace(/_/g, " ");
}

/** Order created: the server's order, the payment link with Copy, the text's status, Start New Order. */
export function Confirmation({ answer, customer, onNewOrder }: { answer: InvoiceAnswer; customer: CustomerView; onNewOrder: () => void }) {
  const { toast } = useToast();
  const { order, smsStatus, checkoutUrl } = answer;

  return (
    <SpaceBetween size="l">
      <Container
        header={
          <Header variant="h1" actions={<Button variant="primary" onClick={onNewOrder}>Start New Order</Button>} description={orderTitle(order)}>
            Order Created
          </Header>
        }
      >
        <KeyValuePairs
          columns={3}
          items={[
            { label: "Order id", value: <Box variant="code">{answer.orderId}</Box> },
            { label: "Customer", value: `${customerName(customer)}${customer.phone ? ` · ${displayPhone(customer.phone)}` : ""}` },
            { label: "Bag number", value: order.bagNumber ?? order.bag?.code3 ?? "—" },
            { label: "Status", value: statusText(order.status) },
          ]}
        />
      </Container>
      <ConsoleBill bill={order.bill} header="Items" />
      <Container header={<Header variant="h2">Payment link</Header>}>
        {checkoutUrl ? (
          <SpaceBetween size="m">
            <CopyToClipboard
              variant="inline"
              textToCopy={checkoutUrl}
              copyButtonAriaLabel="Copy payment link"
              copySuccessText="Copied"
              copyErrorText="Could not copy: select the link and copy it"
            />
            <CopyButtonToast url={checkoutUrl} onCopied={() => toast({ title: "Copied", description: "Payment link copied to the clipboard" })} />
            {smsStatus.success ? (
              <StatusIndicator type="success">{`Payment link texted to ${displayPhone(customer.phone) || "the customer"}`}</StatusIndicator>
            ) : (
              <Alert type="warning" header="The text was not sent">
                {`${sentence(smsStatus.message || UNKNOWN_ERROR)} Copy the payment link above and send it to the customer manually.`}
              </Alert>
            )}
          </SpaceBetween>
        ) : (
          // Nothing owed (a membership's regrip, a comp): no link was made, and the server says so.
          <StatusIndicator type="info">{sentence(smsStatus.message)}</StatusIndicator>
        )}
      </Container>
    </SpaceBetween>
  );
}

/** A plain Copy button beside the link (the spec's Copy, with its 'Copied' toast). */
function CopyButtonToast({ url, onCopied }: { url: string; onCopied: () => void }) {
  return (
    <Button
      iconName="copy"
      onClick={() => {
        void navigator.clipboard?.writeText(url).then(onCopied, () => undefined);
      }}
    >
      Copy
    </Button>
  );
}
