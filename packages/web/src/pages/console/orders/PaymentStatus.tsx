import Box from "@cloudscape-design/components/box";
import StatusIndicator, { type StatusIndicatorProps } from "@cloudscape-design/components/status-indicator";
import { paymentSummary, type PaymentFacts, type PaymentTone } from "@regrip/core/shared/payment";

const indicator: Record<PaymentTone, StatusIndicatorProps.Type> = {
  success: "success",
  warning: "warning",
  stopped: "stopped",
  info: "info",
};

/**
 * An order's payment beside its stage (the queue, Admin Orders, the staff order view): Paid, Unpaid with the
 * balance, Refunded, Comp or Member, and how it was paid, from shared/payment's one reading.
 */
export function PaymentStatus({ order, inline = false }: { order: PaymentFacts; inline?: boolean }) {
  const { label, detail, tone } = paymentSummary(order);
  if (inline) return <StatusIndicator type={indicator[tone]}>{detail ? `${label} · ${detail}` : label}</StatusIndicator>;
  return (
    <div>
      <StatusIndicator type={indicator[tone]}>{label}</StatusIndicator>
      {detail && <Box variant="small">{detail}</Box>}
    </div>
  );
}
