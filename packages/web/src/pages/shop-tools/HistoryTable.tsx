import type { ReactNode } from "react";

/**
 * A customer's history in Shop Tools, newest first: Date, What and an amount column (the points tab's points, the
 * membership's payments), its rows given as children, and "Show more" while the server has another page.
 */
export function HistoryTable({
  caption,
  amountHeading,
  className = "points-history",
  more,
  children,
}: {
  caption: string;
  amountHeading: string;
  className?: string;
  more: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  children: ReactNode;
}) {
  return (
    <>
      <table className={className}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            <th scope="col">What</th>
            <th scope="col" className="points-col">
              {amountHeading}
            </th>
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {more.hasNextPage && (
        <button type="button" className="btn btn-outline btn-small section-gap" disabled={more.isFetchingNextPage} onClick={() => void more.fetchNextPage()}>
          {more.isFetchingNextPage ? "Loading..." : "Show more"}
        </button>
      )}
    </>
  );
}
