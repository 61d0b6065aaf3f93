import type { BagStatusView } from "@regrip/core/shared/bag-status";
import { formatDate, formatInstant } from "@regrip/core/shared/calendar";
import { customerStageLabel } from "@regrip/core/shared/lifecycle";
import { Link } from "react-router";
import { ShopContactCard } from "../../components/ShopContact";

/**
 * A bag's open order as its page shows it: the stage, when it last changed, the pickup day ("Ready now" once ready),
 * the place, the stages with their times and the shop's contact. A chunk of its own, loaded beside the bag's look
 * (the page's first load is budgeted: scripts/lib/bundle-budget.ts).
 */
export default function BagFound({ bag }: { bag: BagStatusView }) {
  const ready = bag.stage === "ready";
  return (
    <>
      <header className="bag-header">
        <p className="bag-eyebrow">Regrip bag</p>
        <h1>Bag {bag.code3}</h1>
      </header>
      <section className="bag-card" aria-labelledby="bag-stage-title">
        <h2 id="bag-stage-title" className="visually-hidden">
          Status
        </h2>
        <p className={`bag-stage bag-stage-${bag.stage}`}>{bag.stageLabel}</p>
        <p className="bag-updated">Last changed {formatInstant(new Date(bag.updatedAt))}</p>
        <dl className="bag-facts">
          <div>
            <dt>Pickup</dt>
            {/* A paddle that is ready is ready now, whatever day was promised. */}
            <dd>{ready ? "Ready now" : bag.pickupDate ? formatDate(bag.pickupDate) : "To be confirmed"}</dd>
          </div>
          <div>
            <dt>Location</dt>
            <dd>{bag.location ?? "To be confirmed"}</dd>
          </div>
        </dl>
        <h3 className="bag-timeline-title">Its stages</h3>
        <ol className="bag-timeline">
          {bag.timeline.map((step) => (
            <li key={`${step.stage}-${step.at}`} className={step.stage === bag.stage ? "bag-timeline-now" : undefined}>
              <span className="bag-timeline-stage">{customerStageLabel[step.stage]}</span>
              <span className="bag-timeline-at">{formatInstant(new Date(step.at))}</span>
            </li>
          ))}
        </ol>
      </section>
      <section className="bag-shop" aria-labelledby="bag-shop-title">
        <h2 id="bag-shop-title">Questions? Call or visit</h2>
        <ShopContactCard label={bag.shop.label} contact={bag.shop} />
      </section>
      <p className="bag-note">
        Is this your paddle? <Link to="/my-grips">Sign in to My Grips</Link> for your order, or show this bag at the counter.
      </p>
    </>
  );
}
