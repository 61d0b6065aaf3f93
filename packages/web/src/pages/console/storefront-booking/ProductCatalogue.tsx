import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ColumnLayout from "@cloudscape-design/components/column-layout";
import Container from "@cloudscape-design/components/container";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Select, { type SelectProps } from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import {
  firstVariant,
  productCards,
  variantOf,
  type ProductCard,
  type StorefrontGroup,
  type StorefrontProduct,
} from "@regrip/core/shared/storefront";
import { variantName } from "@regrip/core/shared/variants";
import { useId, useState } from "react";
import { formatCents } from "../../../lib/money";

/** A refusal to show beside the control that asked: the variant it names and its words. */
export interface StockNotice {
  id: string;
  message: string;
  from: "card" | "cart";
}

function stockNote(item: StorefrontProduct) {
  if (!item.isInStock) return <StatusIndicator type="stopped">Out of stock</StatusIndicator>;
  if (item.stockQuantity === null) return null;
  if (item.isLowStock) return <StatusIndicator type="warning">{`Only ${item.stockQuantity} left`}</StatusIndicator>;
  return <StatusIndicator type="success">{`${item.stockQuantity} in stock`}</StatusIndicator>;
}

/** A variant's stock as an option's tag: nothing when plenty or unlimited. */
function stockTag(item: StorefrontProduct | undefined): string | undefined {
  if (!item) return "Not offered";
  if (!item.isInStock) return "Out of stock";
  return item.isLowStock && item.stockQuantity !== null ? `${item.stockQuantity} left` : undefined;
}

const option = (value: string, item: StorefrontProduct | undefined, disabled = false): SelectProps.Option => ({ value, label: value, tags: stockTag(item) ? [stockTag(item)!] : undefined, disabled });

/**
 * One product, whatever colors and feels it comes in: pick the variant, see its price and stock, add it. A color
 * that lacks the chosen feel keeps the first feel it has (in stock first); a feel the color lacks cannot be picked.
 */
function ProductCardView({
  card,
  inCart,
  notice,
  onAdd,
}: {
  card: ProductCard<StorefrontProduct>;
  inCart: (id: string) => number;
  notice: StockNotice | undefined;
  onAdd: (item: StorefrontProduct) => void;
}) {
  const headingId = useId();
  const [choice, setChoice] = useState(() => {
    const first = firstVariant(card);
    return { color: first.color, feel: first.feel };
  });
  const chosen = variantOf(card, choice) ?? firstVariant(card);
  const count = inCart(chosen.id);
  const details = [chosen.brand, chosen.description].filter(Boolean).join(" · ");

  function pickColor(color: string) {
    if (variantOf(card, { color, feel: choice.feel })) return setChoice({ color, feel: choice.feel });
    const ofColor = card.variants.filter((variant) => variant.color === color);
    const next = ofColor.find((variant) => variant.isInStock) ?? ofColor[0];
    setChoice({ color, feel: next?.feel ?? choice.feel });
  }

  // A color is out of stock only when every feel of it is; its feels' own stock shows in the feel picker.
  const colorOption = (color: string): SelectProps.Option => ({
    value: color,
    label: color,
    tags: card.variants.some((variant) => variant.color === color && variant.isInStock) ? undefined : ["Out of stock"],
  });

  return (
    <div className="storefront-product" role="group" aria-labelledby={headingId}>
      <SpaceBetween size="xs">
        <div>
          <Box variant="h3" padding="n" id={headingId}>
            {card.name}
          </Box>
          {details && (
            <Box color="text-body-secondary" fontSize="body-s">
              {details}
            </Box>
          )}
        </div>
        {(card.colors.length > 1 || card.feels.length > 1) && (
          <div className="storefront-pickers">
            {card.colors.length > 1 && (
              <FormField label="Color" stretch>
                <Select
                  selectedOption={colorOption(chosen.color ?? "")}
                  options={card.colors.map(colorOption)}
                  onChange={({ detail }) => pickColor(detail.selectedOption.value ?? "")}
                  expandToViewport
                />
              </FormField>
            )}
            {card.feels.length > 1 && (
              <FormField label="Feel" stretch>
                <Select
                  selectedOption={option(chosen.feel ?? "", chosen)}
                  options={card.feels.map((feel) => {
                    const variant = variantOf(card, { color: chosen.color, feel });
                    return option(feel, variant, !variant);
                  })}
                  onChange={({ detail }) => setChoice({ color: chosen.color, feel: detail.selectedOption.value ?? null })}
                  expandToViewport
                />
              </FormField>
            )}
          </div>
        )}
        {card.colors.length <= 1 && card.feels.length <= 1 && [chosen.color, chosen.feel].some(Boolean) && (
          <Box color="text-body-secondary" fontSize="body-s">
            {[chosen.color, chosen.feel].filter(Boolean).join(" · ")}
          </Box>
        )}
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <Box fontWeight="bold">{formatCents(chosen.price)}</Box>
          {stockNote(chosen)}
        </SpaceBetween>
        <Button iconName="add-plus" disabled={!chosen.isInStock} onClick={() => onAdd(chosen)} ariaLabel={`Add ${variantName(chosen)}`}>
          {count > 0 ? `Add (${count} in cart)` : "Add"}
        </Button>
        {notice?.from === "card" && notice.id === chosen.id && (
          <div role="alert">
            <StatusIndicator type="warning">{notice.message}</StatusIndicator>
          </div>
        )}
      </SpaceBetween>
    </div>
  );
}

/**
 * The catalogue in the server's groups (the storefront's order and headings), one card per product (its skus grouped by name:
 * shared/storefront's `productCards`); Add puts the chosen variant in the cart, again adds 1, never beyond its stock.
 */
export function ProductCatalogue({
  groups,
  inCart,
  notice,
  onAdd,
}: {
  groups: StorefrontGroup[];
  inCart: (id: string) => number;
  notice: StockNotice | undefined;
  onAdd: (item: StorefrontProduct) => void;
}) {
  return (
    <SpaceBetween size="l">
      {groups.map((group) => {
        const cards = productCards(group.items);
        return (
          <Container key={group.category} header={<Header variant="h2" counter={`(${cards.length})`}>{group.heading}</Header>}>
            <ColumnLayout columns={2} borders="horizontal">
              {cards.map((card) => (
                <ProductCardView key={card.key} card={card} inCart={inCart} notice={notice} onAdd={onAdd} />
              ))}
            </ColumnLayout>
          </Container>
        );
      })}
    </SpaceBetween>
  );
}
