import { useMutation } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { buyPack, useMyPacks, usePacksOnSale } from "../../data/packs";
import { serverMessage } from "../../lib/api-error";
import { formatCents } from "../../lib/money";
import { useToast } from "../../toast/use-toast";
import { balanceWords, type PackView } from "@regrip/core/shared/packs";
import { shortDate } from "./membership-words";

/** "Basic Overgrip or Premium Regrip". */
const servicesWords = (services: readonly string[]) => services.join(" or ");

/** What a pack is good for: "Good for 365 days from purchase", or none. */
const validWords = (pack: PackView) => (pack.validDays ? `Good for ${pack.validDays} days from purchase` : "Never expires");

/** The way back from a pack's checkout (`pack=paid` or `pack=canceled`): read once, then taken off the address. */
function usePackReturn(): "paid" | "canceled" | undefined {
  const [params, setParams] = useSearchParams();
  const [returned] = useState<"paid" | "canceled" | undefined>(() => {
    const value = params.get("pack");
    return value === "paid" || value === "canceled" ? value : undefined;
  });
  useEffect(() => {
    if (!params.has("pack")) return;
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("pack");
        return next;
      },
      { replace: true },
    );
  }, [params, setParams]);
  return returned;
}

/** Shop Tools' Packs tab: the customer's packs and their balance, and the packs on sale (Buy, on to the checkout). */
export function PacksTab() {
  const { toast } = useToast();
  const mine = useMyPacks();
  const onSale = usePacksOnSale();
  const returned = usePackReturn();
  const buy = useMutation({
    mutationFn: buyPack,
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast({ title: "Pack Failed", description: serverMessage(error) ?? "We couldn't start the checkout. Please try again.", variant: "destructive" }),
  });

  if (mine.isPending || onSale.isPending) return <LoadingSpinner text="Loading your packs..." />;
  if (mine.isError || onSale.isError)
    return (
      <>
        <h2>Packs</h2>
        <p className="form-error">Unable to load your packs. Please try again later.</p>
      </>
    );
  const packs = mine.data.items;
  return (
    <>
      <h2>Packs</h2>
      {returned === "paid" && (
        <p className="notice notice-success" role="status">
          Thanks! Your pack is paid. Its regrips are yours to book.
        </p>
      )}
      {returned === "canceled" && (
        <p className="muted" role="status">
          The checkout was canceled; nothing was charged.
        </p>
      )}
      <p className="points-figure" data-testid="pack-balance">
        <span className="points-number">{mine.data.left}</span> {mine.data.left === 1 ? "regrip" : "regrips"} left in your packs
      </p>
      <p className="muted">Each booking of a regrip a pack covers takes one from it, with nothing to pay for that regrip; a canceled booking gives it back.</p>
      {packs.length > 0 && (
        <>
          <h3 className="member-subhead">Your packs</h3>
          <ul className="plan-list">
            {packs.map((pack) => (
              <li key={pack.id} className={pack.left > 0 ? "plan plan-current" : "plan"}>
                <h4 className="plan-name">{pack.name}</h4>
                <p>{balanceWords(pack)}</p>
                <p className="muted">
                  Covers {servicesWords(pack.services)}. {pack.paidAt ? `Bought ${shortDate(pack.paidAt)}. ` : ""}
                  {pack.expiresAt ? `Good until ${shortDate(pack.expiresAt)}.` : "Never expires."}
                </p>
              </li>
            ))}
          </ul>
        </>
      )}
      <h3 className="member-subhead">Buy a pack</h3>
      {onSale.data.items.length === 0 ? (
        <p className="muted">No packs are on sale right now.</p>
      ) : (
        <ul className="plan-list">
          {onSale.data.items.map((pack) => (
            <li key={pack.id} className="plan">
              <h4 className="plan-name">{pack.name}</h4>
              <p className="plan-price">{formatCents(pack.priceCents)}</p>
              <p>
                {pack.regrips} {pack.regrips === 1 ? "regrip" : "regrips"} of {servicesWords(pack.services)}
              </p>
              <p className="muted">{validWords(pack)}</p>
              <button type="button" className="btn btn-accent btn-small" disabled={buy.isPending} onClick={() => buy.mutate(pack.id)} aria-label={`Buy ${pack.name} for ${formatCents(pack.priceCents)}`}>
                {buy.isPending && buy.variables === pack.id ? "Opening checkout..." : "Buy"}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p className="fine-print">
        You pay on a secure checkout page and earn points as for any payment. <Link to="/booking">Book a regrip</Link>
      </p>
    </>
  );
}
