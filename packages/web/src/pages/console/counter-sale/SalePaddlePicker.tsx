/**
 * The paddle of a counter sale, the same in the storefront and the quick sale: the member's covered paddles first
 * (one preselected: its core regrip is covered), then the customer's other paddles on file, then a new paddle with
 * its nickname, brand and model. A paddle already in an open order cannot be sold again (one open order a paddle).
 */
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import RadioGroup from "@cloudscape-design/components/radio-group";
import SpaceBetween from "@cloudscape-design/components/space-between";
import type { CustomerView } from "@regrip/core/shared/customers";
import type { AssignedPaddle } from "@regrip/core/shared/membership";
import { shownBrand } from "@regrip/core/shared/paddles";
import { hasRegripLeft, type MemberCustomer } from "../customers/MemberBadge";
import { useCustomerPaddles } from "./counter-sale-api";

export interface NewPaddleFields {
  nickname: string;
  brand: string;
  model: string;
}

/** The "Paddle" choice's value for a new paddle. */
const NEW_PADDLE = "new";

/** The member's assigned paddles a sale can cover: none unless a regrip is left this period. */
export const coverablePaddles = (customer: CustomerView | undefined): AssignedPaddle[] => {
  const membership = (customer as MemberCustomer | undefined)?.membership;
  return hasRegripLeft(membership) ? (membership?.assignedPaddles ?? []) : [];
};

/** The paddle a sale starts on: the member's covered one, else a new paddle. */
export const defaultPaddleId = (customer: CustomerView | undefined): string | undefined => coverablePaddles(customer)[0]?.id;

/** "Big Blue (Joola Perseus)". */
const paddleText = (paddle: { nickname: string | null; brand: string; model: string | null }) => {
  const make = [shownBrand(paddle.brand), paddle.model].filter(Boolean).join(" ");
  return paddle.nickname ? `${paddle.nickname}${make ? ` (${make})` : ""}` : make;
};

/** The text of the paddle chosen (the summary and the review), or the new paddle's. */
export function chosenPaddleText(customer: CustomerView | undefined, paddleId: string | undefined, fresh: NewPaddleFields, named?: { id: string; nickname: string | null; brand: string; model: string | null }[]): string {
  const covered = coverablePaddles(customer).find((paddle) => paddle.id === paddleId);
  if (covered) return `${paddleText(covered)}, covered by membership`;
  const onFile = named?.find((paddle) => paddle.id === paddleId);
  if (onFile) return paddleText(onFile);
  return [fresh.nickname.trim(), [fresh.brand.trim(), fresh.model.trim()].filter(Boolean).join(" ")].filter(Boolean).join(" · ") || "—";
}

export function SalePaddlePicker({
  customer,
  paddleId,
  onPaddleId,
  paddle,
  onPaddle,
  nicknameError,
}: {
  customer: CustomerView;
  paddleId: string | undefined;
  onPaddleId: (id: string | undefined) => void;
  paddle: NewPaddleFields;
  onPaddle: (paddle: NewPaddleFields) => void;
  nicknameError?: string;
}) {
  const onFile = useCustomerPaddles(customer.id).data ?? [];
  const covered = coverablePaddles(customer);
  const coveredIds = new Set(covered.map((each) => each.id));
  const items = [
    ...covered.map((each) => ({ value: each.id, label: `${paddleText(each)}, covered by membership` })),
    ...onFile
      .filter((each) => !coveredIds.has(each.id))
      .map((each) => ({
        value: each.id,
        label: paddleText(each),
        ...(each.openOrderId ? { disabled: true, description: "In the shop now: its open order must be picked up or canceled first" } : {}),
      })),
    { value: NEW_PADDLE, label: "A new paddle" },
  ];
  const chosen = items.some((item) => item.value === paddleId) ? paddleId! : NEW_PADDLE;
  return (
    <SpaceBetween size="m">
      {items.length > 1 && (
        <FormField label="Paddle" description={covered.length > 0 ? "A paddle assigned to the membership has its core regrip covered." : "The customer's paddles on file, or a new one."}>
          <RadioGroup value={chosen} onChange={({ detail }) => onPaddleId(detail.value === NEW_PADDLE ? undefined : detail.value)} items={items} ariaLabel="Paddle" />
        </FormField>
      )}
      {chosen === NEW_PADDLE && (
        <SpaceBetween size="s">
          <FormField label="Nickname" errorText={nicknameError}>
            <Input
              value={paddle.nickname}
              onChange={({ detail }) => onPaddle({ ...paddle, nickname: detail.value.slice(0, 60) })}
              placeholder="Big Red"
              ariaRequired
              invalid={!!nicknameError}
            />
          </FormField>
          <FormField label="Brand (optional)">
            <Input value={paddle.brand} onChange={({ detail }) => onPaddle({ ...paddle, brand: detail.value.slice(0, 60) })} placeholder="Joola" />
          </FormField>
          <FormField label="Model (optional)">
            <Input value={paddle.model} onChange={({ detail }) => onPaddle({ ...paddle, model: detail.value.slice(0, 60) })} placeholder="Perseus" />
          </FormField>
        </SpaceBetween>
      )}
    </SpaceBetween>
  );
}

/** Whether `paddleId` names a paddle the picker offers (the covered ones or those on file): else the sale makes a new one. */
export function useSalePaddleIds(customer: CustomerView | undefined): (paddleId: string | undefined) => boolean {
  const onFile = useCustomerPaddles(customer?.id).data ?? [];
  const covered = coverablePaddles(customer);
  return (paddleId) => !!paddleId && (covered.some((each) => each.id === paddleId) || onFile.some((each) => each.id === paddleId && !each.openOrderId));
}
