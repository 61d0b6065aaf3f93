/**
 * How a counter sale is paid, the same in the storefront and the quick sale (shared/counter-sale.ts): "Take payment
 * now" (cash or the counter's terminal, in the order page's payment dialog, the pickup's) or "Text the payment link",
 * only to a confirmed number: verified by the customer's code, or confirmed by the employee ticking the box.
 */
import Checkbox from "@cloudscape-design/components/checkbox";
import FormField from "@cloudscape-design/components/form-field";
import RadioGroup from "@cloudscape-design/components/radio-group";
import SpaceBetween from "@cloudscape-design/components/space-between";
import {
  CONFIRM_PHONE_LABEL,
  PHONE_FOR_PAYMENT_LINK,
  SALE_PAYMENT_LABELS,
  saleLinkRefusal,
  type SalePayment,
} from "@regrip/core/shared/counter-sale";
import type { CustomerView } from "@regrip/core/shared/customers";
import { displayPhone } from "@regrip/core/shared/phone";
import { staffOrderPath } from "../orders/staff-order-path";

export interface SalePaymentChoice {
  payment: SalePayment;
  /** The employee's tick: the number was confirmed with the customer. */
  confirmed: boolean;
}

export const startPayment: SalePaymentChoice = { payment: "counter", confirmed: false };

/** Why the sale cannot be sent as chosen (the server's rule), or undefined. */
export const paymentProblem = (customer: CustomerView, choice: SalePaymentChoice): string | undefined =>
  saleLinkRefusal(customer, choice.payment, choice.confirmed)?.message;

/** What the sale's request says of its payment. */
export const paymentFields = (choice: SalePaymentChoice) => ({
  payment: choice.payment,
  ...(choice.payment === "link" && choice.confirmed ? { phoneConfirmed: true } : {}),
});

/** The sale's last button: it says what happens. */
export const completeText = (choice: SalePaymentChoice, owes: boolean) =>
  !owes ? "Create Order" : choice.payment === "counter" ? "Create Order & Take Payment" : "Create Order & Text Payment Link";

/**
 * Where a sale lands: its order page; paid at the counter, with the payment dialog open on it (`?pay=now`,
 * StaffOrderPage), the same dialog as the pickup's.
 */
export const saleEndPath = (orderId: string, choice: SalePaymentChoice, owes: boolean) =>
  `${staffOrderPath(orderId)}${owes && choice.payment === "counter" ? "?pay=now" : ""}`;

export function HowToPay({ customer, choice, onChange, showProblem }: { customer: CustomerView; choice: SalePaymentChoice; onChange: (choice: SalePaymentChoice) => void; showProblem: boolean }) {
  const phone = displayPhone(customer.phone);
  const problem = showProblem ? paymentProblem(customer, choice) : undefined;
  return (
    <SpaceBetween size="s">
      <FormField label="How does the customer pay?">
        <RadioGroup
          ariaLabel="How does the customer pay?"
          value={choice.payment}
          onChange={({ detail }) => onChange({ ...choice, payment: detail.value as SalePayment })}
          items={[
            { value: "counter", label: SALE_PAYMENT_LABELS.counter, description: "Cash or the counter's card terminal, as soon as the order is made" },
            {
              value: "link",
              label: SALE_PAYMENT_LABELS.link,
              description: customer.phone ? `To ${phone}${customer.phoneVerified ? " (verified)" : ""}; the paddle waits until it is paid` : PHONE_FOR_PAYMENT_LINK,
              disabled: !customer.phone,
            },
          ]}
        />
      </FormField>
      {choice.payment === "link" && customer.phone && !customer.phoneVerified && (
        <FormField errorText={problem} description={`Read ${phone} back to the customer: the link goes only to a number they confirmed.`}>
          <Checkbox checked={choice.confirmed} onChange={({ detail }) => onChange({ ...choice, confirmed: detail.checked })}>
            {CONFIRM_PHONE_LABEL}
          </Checkbox>
        </FormField>
      )}
      {choice.payment === "link" && !customer.phone && problem && <FormField errorText={problem} />}
    </SpaceBetween>
  );
}
