import { HistoryTable } from "./HistoryTable";
import { Link } from "react-router";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { useInfiniteQuery } from "@tanstack/react-query";
import { loyaltyPage, loyaltyQueryKey } from "../../data/membership";
import { REWARD_WORDS } from "@regrip/core/shared/loyalty";
import { entryWhat, shortDate, signedPoints } from "./membership-words";
import { groupThousands } from "../../lib/money";

/** The points history, newest first, a page at a time ("Show more" follows the cursor); kept out of the booking's chunks. */
function usePointsHistory() {
  return useInfiniteQuery({
    queryKey: [...loyaltyQueryKey, "history"],
    queryFn: ({ pageParam }) => loyaltyPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });
}

/** Shop Tools' Points tab: the balance, what 100 points are worth, and the history, newest first. */
export function PointsTab() {
  const history = usePointsHistory();
  if (history.isPending) return <LoadingSpinner text="Loading your points..." />;
  if (history.isError)
    return (
      <>
        <h2>Points</h2>
        <p className="form-error">Unable to load your points. Please try again later.</p>
      </>
    );
  const balance = history.data.pages[0]?.balance ?? 0;
  const entries = history.data.pages.flatMap((page) => page.entries);
  return (
    <>
      <h2>Points</h2>
      <div className="points-balance">
        <p className="points-figure">
          <span className="points-number">{groupThousands(balance)}</span> {balance === 1 ? "point" : "points"}
        </p>
        <p className="muted">{REWARD_WORDS}. You earn a point for every whole dollar you pay; choose how many to use in the booking summary.</p>
      </div>
      <h3 className="member-subhead">History</h3>
      {entries.length === 0 ? (
        <div className="empty-inline">
          <p>No points yet. Your first booking earns them.</p>
          <Link to="/booking" className="btn btn-primary btn-small">
            Book a Service
          </Link>
        </div>
      ) : (
        <HistoryTable caption="Points history, newest first" amountHeading="Points" more={history}>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{shortDate(entry.createdAt)}</td>
              <td>
                {entry.orderId && entry.type !== "adjust" ? (
                  <Link to={`/orders/${encodeURIComponent(entry.orderId)}`} className="link-like">
                    {entryWhat(entry)}
                  </Link>
                ) : (
                  entryWhat(entry)
                )}
              </td>
              <td className={entry.points < 0 ? "points-col points-minus" : "points-col points-plus"}>
                {signedPoints(entry.points)}
              </td>
            </tr>
          ))}
        </HistoryTable>
      )}
    </>
  );
}
