import { shopLocation } from "@regrip/core/shared/locations";
import { Dialog } from "../../components/Dialog";
import { DoneActions } from "../../components/DoneActions";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { QrCode } from "../../components/QrCode";
import { locationLabel, orderNumber, useOrder } from "../../data/orders";
import { bagUrl } from "../../lib/bag-links";
import "../../styles/pickup.css";

/**
 * 'Pick Up' (My Grips) and 'Ready for Pickup!' (the order page): where and when to collect the paddle, its bag
 * number, and the bag's QR code: its status page (/b/{slug}), which opens the order for the counter's staff who scan it
 * and mark it picked up. The order is read with GET /api/orders/{id} (the order page has it already), which
 * carries the bag's QR slug for a ready order.
 */
export function PickupDialog({ orderId, onClose }: { orderId: string; onClose: () => void }) {
  const order = useOrder(orderId);
  const data = order.data;
  const where = data ? shopLocation(data.pickupLocation ?? data.dropoffLocation) : undefined;
  const bag = data ? data.bag?.code3 || data.bagNumber : null;

  let body;
  if (order.isPending) body = <LoadingSpinner text="Loading your pickup details..." />;
  else if (order.isError || !data) body = <p className="form-error">Unable to load your pickup details. Please try again.</p>;
  else
    body = (
      <div className="pickup">
        <div className="pickup-code">
          {data.bagQrSlug ? (
            <QrCode className="pickup-qr" text={bagUrl(window.location.origin, data.bagQrSlug)} label={`QR code for bag ${bag}`} />
          ) : (
            <p className="muted">Tell the counter your bag number.</p>
          )}
          <p className="pickup-bag">
            Bag <strong>#{bag || orderNumber(data)}</strong>
          </p>
        </div>
        <div className="pickup-where">
          <h3>{where?.label ?? locationLabel(data.pickupLocation ?? data.dropoffLocation)}</h3>
          {where && (
            <>
              <address>
                {where.address.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
              <h4>Hours</h4>
              <dl className="pickup-hours">
                {where.hours.map(([days, times]) => (
                  <div key={days}>
                    <dt>{days}</dt>
                    <dd>{times}</dd>
                  </div>
                ))}
              </dl>
            </>
          )}
          <p className="muted">Show this code at the counter: they scan it to find your paddle and mark it picked up.</p>
        </div>
      </div>
    );

  return (
    <Dialog title="Ready for Pickup!" description="Your paddle is regripped and waiting for you." onClose={onClose}>
      {body}
      <DoneActions onClose={onClose} />
    </Dialog>
  );
}
