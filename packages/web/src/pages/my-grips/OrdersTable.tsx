import { orderTitle, orderWithBag } from "@regrip/core/shared/orders";
import { stageOf, stageLabelOf } from "@regrip/core/shared/lifecycle";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { bookAgainPath, orderPlaceLabel, orderNumber, type Order } from "../../data/orders";
import { formatCents } from "../../lib/money";
import { PickupDialog } from "../orders/PickupDialog";
import {
  defaultSort,
  isActiveOrder,
  nextSort,
  orderPaddle,
  orderServices,
  orderTotal,
  paginate,
  showingText,
  sortColumns,
  sortOrders,
  type Sort,
  type SortKey,
} from "./orders-table";

const dateFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

function formatDate(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? "—" : dateFormat.format(time);
}

/** The customer's orders: sortable, 5 to a page, each row opening its order page. */
export function OrdersTable({ orders }: { orders: Order[] }) {
  const [sort, setSort] = useState<Sort>(defaultSort);
  const [page, setPage] = useState(1);
  const navigate = useNavigate();
  const [pickup, setPickup] = useState<string>();
  const slice = paginate(sortOrders(orders, sort), page);
  const showing = showingText(slice);

  function sortBy(key: SortKey) {
    setSort((current) => nextSort(current, key));
    setPage(1);
  }

  return (
    <>
      <div className="table-toolbar">
        <label>
          Sort by{" "}
          <select value={sort.key} onChange={(event) => (setSort({ ...sort, key: event.target.value as SortKey }), setPage(1))}>
            {sortColumns.map((column) => (
              <option key={column.key} value={column.key}>
                {column.label}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="btn btn-outline btn-small"
          onClick={() => setSort({ ...sort, direction: sort.direction === "asc" ? "desc" : "asc" })}
          aria-label={`Sort direction: ${sort.direction === "asc" ? "ascending" : "descending"}. Change direction`}
        >
          {sort.direction === "asc" ? "↑ Ascending" : "↓ Descending"}
        </button>
      </div>
      <div className="table-scroll">
        <table className="orders-table">
          <caption className="visually-hidden">Your orders</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              {sortColumns.map((column) => (
                <th key={column.key} scope="col" aria-sort={sort.key === column.key ? (sort.direction === "asc" ? "ascending" : "descending") : undefined}>
                  <button type="button" className="th-sort" onClick={() => sortBy(column.key)}>
                    {column.label}
                    <span aria-hidden="true" className="sort-mark">
                      {sort.key === column.key ? (sort.direction === "asc" ? "▲" : "▼") : ""}
                    </span>
                  </button>
                </th>
              ))}
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {slice.rows.map((order) => (
              <tr
                key={order.id}
                className={isActiveOrder(order) ? "row-active" : undefined}
                onClick={(event) => {
                  if (!(event.target as HTMLElement).closest("a, button")) navigate(`/orders/${encodeURIComponent(order.id)}`);
                }}
              >
                <td data-label="Order" className="order-ref-cell">
                  {/* The order's number, the bag beside it: two orders in one reused bag never look the same. */}
                  <Link to={`/orders/${encodeURIComponent(order.id)}`} aria-label={orderTitle(order)}>
                    {orderWithBag(order)}
                  </Link>
                </td>
                <td data-label="Status">
                  <span className={`status status-${order.status.toLowerCase()}`}>{stageLabelOf(order.status)}</span>
                </td>
                <td data-label="Date">{formatDate(order.createdAt)}</td>
                <td data-label="Paddle">{orderPaddle(order) || "—"}</td>
                <td data-label="Services">{orderServices(order) || "—"}</td>
                <td data-label="Total" className="num">
                  {formatCents(orderTotal(order))}
                </td>
                <td data-label="Location">{orderPlaceLabel(order)}</td>
                <td data-label="Notes" className="notes-cell">
                  {order.customerNotes || "—"}
                </td>
                <td className="actions-cell">
                  {stageOf(order.status) === "ready" && (
                    <button type="button" className="btn btn-accent btn-small" onClick={() => setPickup(order.id)}>
                      Pick Up
                    </button>
                  )}
                  {stageOf(order.status) === "picked_up" && order.paddleId && (
                    <Link to={bookAgainPath(order.id)} className="btn btn-outline btn-small">
                      Book again<span className="visually-hidden">{` order ${orderNumber(order)}`}</span>
                    </Link>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pickup && <PickupDialog orderId={pickup} onClose={() => setPickup(undefined)} />}
      {slice.pageCount > 1 && (
        <nav className="pagination" aria-label="Orders pages">
          <p>{showing}</p>
          <div className="pagination-buttons">
            <button type="button" className="btn btn-outline btn-small" disabled={slice.page === 1} onClick={() => setPage(slice.page - 1)}>
              Previous
            </button>
            {Array.from({ length: slice.pageCount }, (_, i) => i + 1).map((n) => (
              <button
                key={n}
                type="button"
                className={n === slice.page ? "btn btn-primary btn-small" : "btn btn-outline btn-small"}
                aria-current={n === slice.page ? "page" : undefined}
                aria-label={`Page ${n}`}
                onClick={() => setPage(n)}
              >
                {n}
              </button>
            ))}
            <button
              type="button"
              className="btn btn-outline btn-small"
              disabled={slice.page === slice.pageCount}
              onClick={() => setPage(slice.page + 1)}
            >
              Next
            </button>
          </div>
        </nav>
      )}
    </>
  );
}
