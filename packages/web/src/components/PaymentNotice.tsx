import type { ReactNode } from "react";

/** Where a payment notice sits: its frame's class beside `.notice`, and the id of its title. */
interface Place {
  frame: string;
  titleId: string;
}

/** Back from paying and the payment landed: thanks, with the card's last digits when known. */
export function PaymentReceived({ frame, titleId, cardLast4, children }: Place & { cardLast4?: string | null; children?: ReactNode }) {
  return (
    <section className={`notice notice-success ${frame}`} role="status" aria-labelledby={titleId}>
      <h2 id={titleId}>Payment received</h2>
      <p>Thank you! This order is paid{cardLast4 ? ` with the card ending ${cardLast4}` : ""}.</p>
      {children}
    </section>
  );
}

/**
 * Back from paying, the payment not landed yet: being confirmed while the page asks again (`waiting`), then not
 * confirmed yet, with what to do (`otherwise`, after "refresh the page.").
 */
export function PaymentConfirming({ frame, titleId, waiting, otherwise }: Place & { waiting: boolean; otherwise?: string }) {
  return (
    <section className={`notice ${frame}`} role="status" aria-labelledby={titleId}>
      {waiting ? (
        <>
          <h2 id={titleId}>Confirming your payment…</h2>
          <p>This takes a moment. The page updates by itself.</p>
        </>
      ) : (
        <>
          <h2 id={titleId}>Your payment is not confirmed yet</h2>
          <p>{`If you paid, it shows here within a few minutes: refresh the page.${otherwise ? ` ${otherwise}` : ""}`}</p>
        </>
      )}
    </section>
  );
}
