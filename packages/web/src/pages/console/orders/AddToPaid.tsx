/**
 * Add to This Order, on a paid order's staff page (shared/order-balance.ts says when): what is added after payment is
 * a new balance to pay, an order of its own linked to this one. The products are chosen as Edit Lines chooses them;
 * the customer pays as at the counter's sales (counter-sale/HowToPay.tsx): taken now, in the new order's payment
 * dialog, or by the payment link to a confirmed number. The server prices it; its refusals show in the form.
 */
import Alert from "@cloudscape-design/components/alert";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { AddToPaidOrder } from "@regrip/core/shared/order-balance";
import { orderReference, type OrderView } from "@regrip/core/shared/orders";
import type { InvoiceAnswer } from "@regrip/core/shared/storefront";
import { displayPhone } from "@regrip/core/shared/phone";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import * as z from "zod/mini";
import { useNavigate } from "react-router";
import { apiJson } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { formatCents } from "../../../lib/money";
import { useToast } from "../../../toast/use-toast";
import { HowToPay, paymentFields, paymentProblem, saleEndPath, startPayment, type SalePaymentChoice } from "../counter-sale/HowToPay";
import { consoleKeys, staffOrderKey } from "../console-api";
import { useCustomer } from "../customers/customers-api";
import { FormModal } from "../FormModal";
import { addsOf, usePendingAdds } from "./EditLines";

/** POST /api/orders/{id}/added: the added order, made (a repeat of the key answers the same one). */
function addToPaidOrder(id: string, body: z.input<typeof AddToPaidOrder>, idempotencyKey: string) {
  return apiJson<InvoiceAnswer>("POST", `/api/orders/${encodeURIComponent(id)}/added`, body, { "Idempotency-Key": idempotencyKey });
}

export function AddToPaidModal({ order, onClose }: { order: OrderView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { toast } = useToast();
  const customer = useCustomer(order.userId);
  const { adds, refuse, picker } = usePendingAdds();
  const [pay, setPay] = useState<SalePaymentChoice>(startPayment);
  const [showPayProblem, setShowPayProblem] = useState(false);
  // One key for this dialog's sale: a second click, or a retry after a lost answer, makes no second order.
  const key = useRef(newIdempotencyKey());
  const reference = orderReference(order);
  const save = useMutation({
    mutationFn: () => addToPaidOrder(order.id, { add: addsOf(adds), ...paymentFields(pay) }, key.current),
    onSuccess: (made) => {
      void queryClient.invalidateQueries({ queryKey: staffOrderKey(order.id) });
      void queryClient.invalidateQueries({ queryKey: consoleKeys.orders });
      void queryClient.invalidateQueries({ queryKey: ["/api/storefront/products"] });
      const owes = made.order.bill.balanceCents > 0;
      const how = !owes ? "Nothing to pay." : pay.payment === "counter" ? "Take the payment now." : made.smsStatus.success ? `Payment link texted to ${displayPhone(order.user.phone)}.` : `The link was not texted: ${made.smsStatus.message}`;
      toast({
        title: "Added to the order",
        description: `Order ${made.reference} for ${formatCents(made.order.bill.totalCents)}, added to ${reference}. ${how}`,
        ...(owes && pay.payment === "link" && !made.smsStatus.success ? { variant: "destructive" as const } : {}),
      });
      onClose();
      navigate(saleEndPath(made.orderId, pay, owes));
    },
  });
  return (
    <FormModal
      title={`Add to ${reference}`}
      submitLabel={pay.payment === "counter" ? "Add & Take Payment" : "Add & Text Payment Link"}
      size="large"
      busy={save.isPending}
      refusal={save.isError ? (serverMessage(save.error) ?? "Nothing was added. Please try again.") : undefined}
      onDismiss={onClose}
      onSubmit={() => {
        if (adds.length === 0) return refuse("Choose a product to add first");
        if (customer.data && paymentProblem(customer.data, pay)) return setShowPayProblem(true);
        save.mutate();
      }}
    >
      <SpaceBetween size="l">
        <Alert type="info">
          {`${reference} is paid. What you add here is a new balance to pay: an order of its own, linked to ${reference}, priced by the shop. The paddle leaves once it is paid.`}
        </Alert>
        {picker}
        {customer.data && (
          <HowToPay
            customer={customer.data}
            choice={pay}
            showProblem={showPayProblem}
            onChange={(choice) => {
              setPay(choice);
              setShowPayProblem(false);
            }}
          />
        )}
      </SpaceBetween>
    </FormModal>
  );
}
