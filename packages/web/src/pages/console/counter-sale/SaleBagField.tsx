/**
 * The bag of a counter sale, the same in the storefront and the quick sale: left blank, the shop assigns the lowest
 * free bag on the order; typed, it is checked as it is typed (its format by the server's rule, shared/bag-input.ts;
 * then GET /api/bags/{key}/availability), and a bag in use or missing is refused under the field, before Review.
 */
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import { OptionalBagNumber } from "@regrip/core/shared/bag-input";
import { BAG_CODE_LENGTH } from "@regrip/core/shared/bags";
import * as z from "zod/mini";
import { useBagCheck } from "../../booking/use-bag-check";

/** The bag field's text against the server's rule: blank, or a bag's 3-character code. */
function bagFormatProblem(text: string): string | undefined {
  const parsed = z.safeParse(OptionalBagNumber, text);
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

export interface SaleBag {
  value: string;
  /** Why the typed bag cannot be used (its format, or the shop's answer that it is missing or in use); undefined while it may be. */
  refusal: string | undefined;
  /** The typed bag was checked and is free. */
  free: boolean;
}

/** The bag typed and what is known of it now. `shown`: the format is judged (after a Next or Review); the shop's answer always. */
export function useSaleBag(value: string): SaleBag {
  const format = bagFormatProblem(value);
  const checked = useBagCheck(value, !format && value.trim() !== "");
  const refusal = format ?? (checked && !checked.available ? (checked.message ?? undefined) : undefined);
  return { value, refusal, free: !!checked?.available };
}

/**
 * The line under a typed bag while it has no refusal: "Checking the bag…" until the shop answers, then "Bag 123 is
 * free", in the same place. The line is there from the first character typed, so the shop's answer never moves what
 * is below the field (the Review button a busy employee is about to click).
 */
function constraintOf(bag: SaleBag, refused: boolean, badFormat: boolean): string | undefined {
  if (refused || !bag.value.trim()) return undefined;
  if (badFormat) return "A bag number is 3 letters or digits";
  return bag.free ? `Bag ${bag.value.trim().toUpperCase()} is free` : "Checking the bag…";
}

export function SaleBagField({ bag, onChange, showFormat }: { bag: SaleBag; onChange: (value: string) => void; showFormat: boolean }) {
  const format = bagFormatProblem(bag.value);
  // Too long or a character no bag has is wrong at once (nothing typed is cut or dropped); a code still being typed
  // ("12") is judged at Next or Review.
  const wrongNow = bag.value.trim().length > BAG_CODE_LENGTH || /[^0-9A-Z\s]/.test(bag.value);
  const error = format ? (showFormat || wrongNow ? format : undefined) : bag.refusal;
  return (
    <FormField
      label="Bag number (optional)"
      description="The bag the paddle goes in. Leave blank and the shop assigns the lowest free bag."
      errorText={error}
      constraintText={constraintOf(bag, !!error, !!format)}
    >
      <Input
        value={bag.value}
        onChange={({ detail }) => onChange(detail.value.toUpperCase())}
        placeholder="Assign a free bag"
        ariaLabel="Bag number"
        invalid={!!error}
      />
    </FormField>
  );
}
