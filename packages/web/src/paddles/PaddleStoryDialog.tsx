import { stageLabelOf } from "@regrip/core/shared/lifecycle";
import { Link } from "react-router";
import { Dialog } from "../components/Dialog";
import { DoneActions } from "../components/DoneActions";
import { LoadingSpinner } from "../components/LoadingSpinner";
import { orderTitle } from "@regrip/core/shared/orders";
import { useOrders, type Order } from "../data/orders";
import { paddleMakeModel, paddleName, type Paddle } from "../data/paddles";

const day = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });
const formatDay = (iso: string | null | undefined) => {
  const time = iso ? Date.parse(iso) : NaN;
  return Number.isNaN(time) ? "—" : day.format(time);
};

/** The paddle's orders, newest first: My Grips' own list of the customer's orders (one query, already loaded there). */
function paddleOrders(orders: readonly Order[], paddleId: string): Order[] {
  return orders.filter((order) => order.paddleId === paddleId).sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

/** When the order last changed stage: its newest history entry, else its booking. */
function lastChange(order: Order): string {
  return order.statusHistory.at(-1)?.at ?? order.createdAt;
}

/** 'Paddle Story': when the paddle joined, its bag, and every order it has had. */
export function PaddleStoryDialog({ paddle, onClose }: { paddle: Paddle; onClose: () => void }) {
  const orders = useOrders();
  const name = paddleName(paddle);
  const story = orders.data ? paddleOrders(orders.data, paddle.id) : [];

  let list;
  if (orders.isPending) list = <LoadingSpinner text="Loading its orders..." />;
  else if (orders.isError) list = <p className="form-error">Unable to load your orders. Please try again.</p>;
  else if (story.length === 0) list = <p className="muted">No orders yet: book its first regrip with Grip Me!</p>;
  else
    list = (
      <ol className="paddle-story">
        {story.map((order) => (
          <li key={order.id}>
            <div className="paddle-story-head">
              <Link to={`/orders/${encodeURIComponent(order.id)}`}>{orderTitle(order)}</Link>
              <span className={`status status-${order.status.toLowerCase()}`}>{stageLabelOf(order.status)}</span>
            </div>
            <p className="muted">
              Booked {formatDay(order.createdAt)}
              {order.stage !== "awaiting_payment" && order.stage !== "scheduled" ? ` · ${stageLabelOf(order.status)} ${formatDay(lastChange(order))}` : ""}
              {order.lineItems[0] ? ` · ${order.lineItems[0].name}` : ""}
            </p>
          </li>
        ))}
      </ol>
    );

  return (
    <Dialog title={`${name}'s Story`} description={paddleMakeModel(paddle)} onClose={onClose}>
      <dl className="facts">
        <div>
          <dt>Added</dt>
          <dd>{formatDay(paddle.createdAt)}</dd>
        </div>
        <div>
          <dt>Bag</dt>
          <dd>{paddle.bag?.code3 ? `#${paddle.bag.code3}` : "Not in a bag"}</dd>
        </div>
        <div>
          <dt>Orders</dt>
          <dd>{orders.data ? story.length : "—"}</dd>
        </div>
      </dl>
      <h3 className="paddle-story-title">Orders, newest first</h3>
      {list}
      <DoneActions onClose={onClose} />
    </Dialog>
  );
}
