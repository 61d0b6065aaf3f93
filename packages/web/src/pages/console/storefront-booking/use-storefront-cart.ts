import { addToCart, cartFor, setCartQuantity, STOREFRONT_CART_KEY, type CartLine, type StoredCart } from "@regrip/core/shared/storefront";
import { useCallback, useEffect, useState } from "react";

function read(customerId: string): StoredCart {
  try {
    return cartFor(customerId, JSON.parse(localStorage.getItem(STOREFRONT_CART_KEY) ?? "null"));
  } catch {
    return { customerId, items: [] };
  }
}

/**
 * The storefront cart, kept in browser storage under one key for the customer being served: a reload keeps it,
 * another customer starts empty.
 */
export function useStorefrontCart(customerId: string) {
  const [cart, setCart] = useState<StoredCart>(() => read(customerId));
  const items = cart.customerId === customerId ? cart.items : [];

  useEffect(() => {
    setCart((current) => (current.customerId === customerId ? current : read(customerId)));
  }, [customerId]);

  const update = useCallback(
    (change: (items: CartLine[]) => CartLine[]) =>
      setCart((current) => {
        const base = current.customerId === customerId ? current.items : [];
        const next = { customerId, items: change(base) };
        try {
          localStorage.setItem(STOREFRONT_CART_KEY, JSON.stringify(next));
        } catch {
          // Storage full or refused: the cart still works for this page view.
        }
        return next;
      }),
    [customerId],
  );

  return {
    items,
    add: (item: Omit<CartLine, "quantity">) => update((list) => addToCart(list, item)),
    setQuantity: (id: string, quantity: number) => update((list) => setCartQuantity(list, id, quantity)),
    remove: (id: string) => update((list) => setCartQuantity(list, id, 0)),
    clear: () => update(() => []),
  };
}
