/**
 * How one variant of a product is named (its color and feel beside the product's name) and the refusal of more than
 * its stock, browser-safe and without schemas: the server's pricing refuses with it and the storefront's cart says
 * it, and a booking's Lambda bundle carries only these few lines.
 */
/** What names one variant of a product: the product's name, and its color and feel when it has them. */
export interface VariantNaming {
  name: string;
  color?: string | null;
  feel?: string | null;
}

const variantParts = (product: VariantNaming) => [product.color, product.feel].filter((part): part is string => !!part?.trim());

/** The variant's color and feel, "Black, Tacky" (empty for a product with neither). */
export const variantLabel = (product: VariantNaming) => variantParts(product).join(", ");

/** The product and its variant, "Strip and Grip (Black, Tacky)", or the product's name alone. */
export function variantName(product: VariantNaming): string {
  const label = variantLabel(product);
  return label ? `${product.name} (${label})` : product.name;
}

/**
 * The refusal of more than there is of a variant: "Only 4 left of Strip and Grip (Black, Tacky)", or, with none
 * left, "Sorry, Strip and Grip (Black, Tacky) is out of stock". The server refuses with it (pricing's `outOfStock`)
 * and the storefront's cart says it before asking.
 */
export function stockShortfall(product: VariantNaming, left: number): string {
  return left > 0 ? `Only ${left} left of ${variantName(product)}` : `Sorry, ${variantName(product)} is out of stock`;
}
