/** The customer's orders did not load: says so, with a Retry (My Grips' orders and Shop Tools' Orders tab). */
export function OrdersLoadError({ heading: Heading, onRetry }: { heading: "h2" | "h3"; onRetry: () => void }) {
  return (
    <div className="empty-state" role="alert">
      <Heading>Error Loading Orders</Heading>
      <p>Unable to load your orders. Please try again.</p>
      <button type="button" className="btn btn-primary" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}
