import { lowStockNote } from "./booking-state";

/** 'Only N left', or 'Out of stock'. */
export function StockNote({ stock, inStock }: { stock: number | null | undefined; inStock: boolean }) {
  if (!inStock) return <span className="stock stock-out">Out of stock</span>;
  const note = lowStockNote(stock);
  return note ? <span className="stock stock-low">{note}</span> : null;
}
