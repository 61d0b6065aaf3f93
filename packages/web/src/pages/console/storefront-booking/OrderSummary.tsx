import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import Select from "@cloudscape-design/components/select";
import KeyValuePairs from "@cloudscape-design/components/key-value-pairs";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import Textarea from "@cloudscape-design/components/textarea";
import { normalizePromoCode, PROMO_CODE_CHECK_FAILED, PROMO_CODE_EMPTY, PROMO_CODE_INVALID, PROMO_CODE_MAX_LENGTH, promoSummary, type Discount } from "@regrip/core/shared/promo";
import { cartCount, NOTES_MAX_LENGTH, type CartLine, type CartTotals } from "@regrip/core/shared/storefront";
import { COVERED_LINE_NOTE } from "@regrip/core/shared/membership";
import { maxRedeemable, POINTS_PER_REWARD, redeemCents, REWARD_WORDS } from "@regrip/core/shared/loyalty";
import { useState } from "react";
import { errorStatus, serverMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { useToast } from "../../../toast/use-toast";
import { fetchPromotion } from "./storefront-api";

/** What the cart knows of each line's product now: the most it may hold, and why a quantity is refused. */
export interface LineStock {
  limitOf: (id: string) => number;
  /**
   * The line's own refusal (`over`: more in the cart than is in stock now), or the one its last change met (the line
   * then holds what there is).
   */
  problemOf: (id: string) => { message: string; over: boolean } | undefined;
}

export function CartLines({ items, onQuantity, onRemove, stock, coveredId }: {
  items: CartLine[];
  onQuantity?: (id: string, quantity: number) => void;
  onRemove?: (id: string) => void;
  stock?: LineStock;
  /** The line one unit of which the customer's membership covers. */
  coveredId?: string;
}) {
  if (items.length === 0) return <Box color="text-body-secondary">The cart is empty. Add products from the catalogue.</Box>;
  return (
    <ul className="storefront-cart" aria-label="Cart">
      {items.map((line) => {
        const problem = stock?.problemOf(line.id);
        const named = line.description ? `${line.name} (${line.description})` : line.name;
        return (
          <li key={line.id}>
            <div className="storefront-cart-name">
              <Box fontWeight="bold">{line.name}</Box>
              {line.description && <Box fontSize="body-s" color="text-body-secondary">{line.description}</Box>}
              <Box fontSize="body-s" color="text-body-secondary">{`${formatCents(line.price)} each`}</Box>
              {line.id === coveredId && <Box fontSize="body-s" color="text-status-success" fontWeight="bold">{`1 × ${COVERED_LINE_NOTE}: ${formatCents(0)}`}</Box>}
            </div>
            <div className="storefront-cart-qty">
              {onQuantity ? (
                <Input
                  type="number"
                  inputMode="numeric"
                  value={String(line.quantity)}
                  onChange={({ detail }) => onQuantity(line.id, detail.value === "" ? line.quantity : Number(detail.value))}
                  ariaLabel={`Quantity of ${named}`}
                  step={1}
                  invalid={problem?.over}
                  nativeInputAttributes={{ min: 0, max: stock?.limitOf(line.id), "aria-describedby": problem ? `${line.id}-stock` : undefined }}
                />
              ) : (
                <Box>{`× ${line.quantity}`}</Box>
              )}
            </div>
            <Box fontWeight="bold" textAlign="right">{formatCents(line.price * (line.id === coveredId ? line.quantity - 1 : line.quantity))}</Box>
            {onRemove && <Button variant="icon" iconName="remove" ariaLabel={`Remove ${named}`} onClick={() => onRemove(line.id)} />}
            {problem && (
              <div className="storefront-cart-problem" role="alert" id={`${line.id}-stock`}>
                <StatusIndicator type={problem.over ? "error" : "warning"}>{problem.message}</StatusIndicator>
              </div>
            )}
          </li>
        );
      })}
    </ul>
  );
}

export function Totals({ totals, promoCode, points = 0 }: { totals: CartTotals; promoCode?: string | null; points?: number }) {
  return (
    <KeyValuePairs
      columns={Math.min(4, 3 + (totals.pointsDiscountCents ? 1 : 0) + (totals.taxCents ? 1 : 0)) as 1 | 2 | 3 | 4}
      items={[
        { label: "Subtotal", value: formatCents(totals.subtotalCents) },
        { label: promoCode ? `Discount (${promoCode})` : "Discount", value: totals.discountAmountCents ? `-${formatCents(totals.discountAmountCents)}` : formatCents(0) },
        ...(totals.pointsDiscountCents ? [{ label: `Points (${points})`, value: `-${formatCents(totals.pointsDiscountCents)}` }] : []),
        ...(totals.taxCents ? [{ label: "Sales tax", value: formatCents(totals.taxCents) }] : []),
        { label: "Total", value: <Box fontWeight="bold" fontSize="heading-m">{formatCents(totals.totalCents)}</Box> },
      ]}
    />
  );
}

/** The customer's points: steps of 100 up to what their balance and the cart allow. */
function PointsField({ balance, points, dueCents, onChange }: { balance: number; points: number; dueCents: number; onChange: (points: number) => void }) {
  const most = maxRedeemable(balance, dueCents);
  const options = Array.from({ length: most / POINTS_PER_REWARD + 1 }, (_, step) => {
    const value = step * POINTS_PER_REWARD;
    return { value: String(value), label: value === 0 ? "Don't use points" : `${value} points (-${formatCents(redeemCents(value))})` };
  });
  return (
    <FormField label="Use points" description={`The customer has ${balance.toLocaleString("en-US")} points. ${REWARD_WORDS}.`}>
      <Select
        selectedOption={options.find((option) => option.value === String(points)) ?? options[0]}
        options={options}
        disabled={options.length < 2}
        onChange={({ detail }) => onChange(Number(detail.selectedOption.value))}
        ariaLabel="Use points"
      />
    </FormField>
  );
}

/** Promo code: upper-cased; Apply checks it with the server and locks the field until Remove. */
function PromoField({ promo, onChange }: { promo: Discount | undefined; onChange: (promo: Discount | undefined) => void }) {
  const { toast } = useToast();
  const [code, setCode] = useState("");
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function apply() {
    const normalized = normalizePromoCode(code);
    if (!normalized) return setError(PROMO_CODE_EMPTY);
    setBusy(true);
    setError(undefined);
    try {
      const found = await fetchPromotion(normalized);
      onChange(found);
      setCode("");
      toast({ title: "Promo Applied", description: `${found.code}: ${promoSummary(found, formatCents)}` });
    } catch (failure) {
      setError(errorStatus(failure) === undefined ? PROMO_CODE_CHECK_FAILED : (serverMessage(failure) ?? PROMO_CODE_INVALID));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormField label="Promo code" errorText={error} constraintText={promo ? `${promo.code} applied: ${promoSummary(promo, formatCents)}` : undefined}>
      <SpaceBetween direction="horizontal" size="xs">
        <Input
          value={promo ? promo.code : code}
          readOnly={!!promo}
          onChange={({ detail }) => {
            setCode(detail.value.toUpperCase().slice(0, PROMO_CODE_MAX_LENGTH));
            setError(undefined);
          }}
          onKeyDown={({ detail }) => {
            if (detail.key === "Enter" && !promo) void apply();
          }}
          placeholder="WELCOME10"
          ariaLabel="Promo code"
          invalid={!!error}
        />
        {promo ? (
          <Button onClick={() => onChange(undefined)}>Remove</Button>
        ) : (
          <Button loading={busy} onClick={() => void apply()}>
            Apply
          </Button>
        )}
      </SpaceBetween>
    </FormField>
  );
}

interface Props {
  items: CartLine[];
  totals: CartTotals;
  coveredId?: string;
  /** The customer's points balance, and the points used now (held to what is due before points, `dueCents`). */
  pointsBalance: number;
  points: number;
  dueCents: number;
  onPoints: (points: number) => void;
  promo: Discount | undefined;
  /** The bag field (counter-sale/SaleBagField.tsx, the quick sale's): checked as it is typed. */
  bagField: React.ReactNode;
  notes: string;
  onQuantity: (id: string, quantity: number) => void;
  onRemove: (id: string) => void;
  stock: LineStock;
  /** Wraps the Review Order button: the sticky cart bar hides while it is in view. */
  reviewRef: React.Ref<HTMLDivElement>;
  onPromo: (promo: Discount | undefined) => void;
  onNotes: (value: string) => void;
  onReview: () => void;
}

/** The order summary beside the catalogue: cart, totals (a preview: the server prices on submit), bag, notes, promo, Review Order. */
export function OrderSummary(props: Props) {
  const count = cartCount(props.items);
  return (
    <Container header={<Header variant="h2" counter={count ? `(${count})` : undefined} description="Totals are a preview; the server prices the order.">Order Summary</Header>}>
      <SpaceBetween size="l">
        <CartLines items={props.items} onQuantity={props.onQuantity} onRemove={props.onRemove} stock={props.stock} coveredId={props.coveredId} />
        <Totals totals={props.totals} promoCode={props.promo?.code} points={props.points} />
        <PromoField promo={props.promo} onChange={props.onPromo} />
        {props.pointsBalance >= POINTS_PER_REWARD && <PointsField balance={props.pointsBalance} points={props.points} dueCents={props.dueCents} onChange={props.onPoints} />}
        {props.bagField}
        <FormField label="Technician notes (optional)" constraintText={`${props.notes.length}/${NOTES_MAX_LENGTH}`}>
          <Textarea value={props.notes} onChange={({ detail }) => props.onNotes(detail.value.slice(0, NOTES_MAX_LENGTH))} rows={3} ariaLabel="Technician notes" placeholder="Anything the technician should know" />
        </FormField>
        <div ref={props.reviewRef}>
          <Button variant="primary" fullWidth disabled={props.items.length === 0} onClick={props.onReview}>
            Review Order
          </Button>
        </div>
      </SpaceBetween>
    </Container>
  );
}

/**
 * On a phone the order summary is below the whole catalogue: this bar stays at the bottom of the screen with the
 * cart's count and total, and Review takes staff to the summary (bag number, notes, Review Order).
 */
export function CartBar({ count, totalCents, onReview }: { count: number; totalCents: number; onReview: () => void }) {
  return (
    <div className="storefront-cart-bar" role="region" aria-label="Cart summary">
      <div className="storefront-cart-bar-text" aria-live="polite">
        <Box fontWeight="bold">{count === 1 ? "1 item" : `${count} items`}</Box>
        <Box fontSize="heading-m" fontWeight="bold">{formatCents(totalCents)}</Box>
      </div>
      <Button variant="primary" disabled={count === 0} onClick={onReview}>
        Review
      </Button>
    </div>
  );
}
