import { HistoryTable } from "./HistoryTable";
import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link } from "react-router";
import { Dialog } from "../../components/Dialog";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import {
  cancelMembership,
  changeMembershipPaddles,
  membershipChargesPage,
  membershipChargesQueryKey,
  startMembership,
  membershipQueryKey,
  useMembership,
} from "../../data/membership";
import { formatCents } from "../../lib/money";
import { paddleMakeModel, paddleName, usePaddles, type Paddle } from "../../data/paddles";
import { serverMessage } from "../../lib/api-error";
import { useToast } from "../../toast/use-toast";
import { paddleChoiceRefusal, PLAN_TERMS, planPrice, PLANS, type Plan, type MembershipView } from "@regrip/core/shared/membership";
import { hasLivePlan, periodEndLabel, planCoverage, regripsLeftWords, shortDate, subscriptionStatus } from "./membership-words";
import { useSubscriptionReturn } from "./subscription-return";

/** The customer's paddles for a plan: one (radio buttons) for the single plan, up to three (check boxes) for the family plan. */
function PaddleChoice({ plan, paddles, chosen, refusal, onChange }: {
  plan: Plan;
  paddles: Paddle[];
  chosen: string[];
  refusal: string | null;
  onChange: (ids: string[]) => void;
}) {
  const id = useId();
  const one = PLAN_TERMS[plan].paddles === 1;
  if (paddles.length === 0)
    return (
      <p className="muted">
        You haven't added a paddle yet. <Link to="/my-grips" className="link-like">Add one in My Grips</Link> to put it on a plan.
      </p>
    );
  return (
    <fieldset className="member-paddles" aria-describedby={refusal ? `${id}-refusal` : undefined}>
      <legend>{one ? "The paddle on your plan" : `The paddles on your plan (up to ${PLAN_TERMS[plan].paddles})`}</legend>
      <div className="member-choice-grid">
        {paddles.map((paddle) => {
          const checked = chosen.includes(paddle.id);
          return (
            <label key={paddle.id} className={checked ? "choice choice-selected" : "choice"}>
              <input
                type={one ? "radio" : "checkbox"}
                name={`${id}-paddle`}
                value={paddle.id}
                checked={checked}
                onChange={() => onChange(one ? [paddle.id] : checked ? chosen.filter((x) => x !== paddle.id) : [...chosen, paddle.id])}
              />
              <span className="choice-text">
                <span className="choice-title">{paddleName(paddle)}</span>
                <span className="choice-detail">{paddleMakeModel(paddle)}</span>
              </span>
            </label>
          );
        })}
      </div>
      {refusal && (
        <p className="form-error" id={`${id}-refusal`} role="alert">
          {refusal}
        </p>
      )}
    </fieldset>
  );
}

/** No plan yet: the two plans with their prices and what they cover, the paddles, Subscribe (on to the checkout). */
function ChoosePlan({ paddles }: { paddles: Paddle[] }) {
  const id = useId();
  const { toast } = useToast();
  const [plan, setPlan] = useState<Plan>();
  const [chosen, setChosen] = useState<string[]>([]);
  const [tried, setTried] = useState(false);
  const subscribe = useMutation({
    mutationFn: ({ plan, paddleIds }: { plan: Plan; paddleIds: string[] }) => startMembership(plan, paddleIds),
    onSuccess: ({ url }) => window.location.assign(url),
    onError: (error) => toast({ title: "Membership Failed", description: serverMessage(error) ?? "We couldn't start the checkout. Please try again.", variant: "destructive" }),
  });
  const refusal = plan ? paddleChoiceRefusal(plan, chosen) : null;

  function choosePlan(next: Plan) {
    setPlan(next);
    // A single plan keeps one of the paddles chosen for the family plan.
    setChosen((ids) => ids.slice(0, PLAN_TERMS[next].paddles === 1 ? 1 : ids.length));
  }

  function submit() {
    setTried(true);
    if (!plan || refusal) return;
    subscribe.mutate({ plan, paddleIds: chosen });
  }

  return (
    <>
      <fieldset className="member-plans">
        <legend>Choose a plan</legend>
        <div className="plan-list" id={`${id}-plans`}>
          {PLANS.map((each) => (
            <label key={each} className={plan === each ? "plan plan-choice plan-current" : "plan plan-choice"}>
              <input type="radio" name={`${id}-plan`} value={each} checked={plan === each} onChange={() => choosePlan(each)} />
              <span className="plan-name">{PLAN_TERMS[each].name}</span>
              <span className="plan-price">{planPrice(each)}</span>
              <span className="plan-text">{PLAN_TERMS[each].summary}.</span>
              <span className="plan-text muted">{planCoverage(each)}. Add-ons are paid as usual; unused regrips do not roll over.</span>
            </label>
          ))}
        </div>
        {tried && !plan && (
          <p className="form-error" role="alert">
            Choose a plan
          </p>
        )}
      </fieldset>
      {plan && <PaddleChoice plan={plan} paddles={paddles} chosen={chosen} refusal={tried ? refusal : null} onChange={setChosen} />}
      <button type="button" className="btn btn-accent section-gap" disabled={subscribe.isPending || (plan !== undefined && paddles.length === 0)} onClick={submit}>
        {subscribe.isPending ? "Opening checkout..." : plan ? `Subscribe for ${planPrice(plan)}` : "Subscribe"}
      </button>
      <p className="fine-print">You pay on a secure checkout page; the plan renews every month until you cancel.</p>
    </>
  );
}

/** A plan: its status, renewal, the regrips left, its paddles (Change paddles) and Cancel plan. */
function CurrentPlan({ view, paddles }: { view: MembershipView & { plan: Plan }; paddles: Paddle[] }) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<string[]>();
  const [tried, setTried] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const status = subscriptionStatus(view);
  const assigned = view.assignedPaddleIds.map((paddleId) => paddles.find((p) => p.id === paddleId));

  const change = useMutation({
    mutationFn: changeMembershipPaddles,
    onSuccess: (saved) => {
      queryClient.setQueryData(membershipQueryKey, saved);
      setEditing(undefined);
      toast({ title: "Paddles Changed", description: "Your plan now covers the paddles you chose." });
    },
    onError: (error) => toast({ title: "Change Failed", description: serverMessage(error) ?? "We couldn't change your paddles. Please try again.", variant: "destructive" }),
  });
  const cancel = useMutation({
    mutationFn: cancelMembership,
    onSuccess: () => {
      setConfirmCancel(false);
      void queryClient.invalidateQueries({ queryKey: membershipQueryKey });
      toast({ title: "Plan Canceled", description: `Your plan stays until ${shortDate(view.currentPeriodEnd)} and then ends.` });
    },
    onError: (error) => toast({ title: "Cancel Failed", description: serverMessage(error) ?? "We couldn't cancel your plan. Please try again.", variant: "destructive" }),
  });
  const refusal = editing ? paddleChoiceRefusal(view.plan, editing) : null;

  return (
    <>
      <dl className="facts">
        <div>
          <dt>Plan</dt>
          <dd>
            {PLAN_TERMS[view.plan].name} <span className="muted">({planPrice(view.plan)})</span>
          </dd>
        </div>
        <div>
          <dt>Status</dt>
          <dd>
            <span className={status.tone === "success" ? "badge badge-success" : status.tone === "warning" ? "badge badge-warning" : "badge"}>{status.label}</span>
          </dd>
        </div>
        <div>
          <dt>{periodEndLabel(view)}</dt>
          <dd>{shortDate(view.currentPeriodEnd)}</dd>
        </div>
        <div>
          <dt>Regrips this period</dt>
          <dd>{regripsLeftWords(view)}</dd>
        </div>
      </dl>
      {status.note && (
        <p className="notice section-gap" role={view.status === "past_due" ? "alert" : undefined}>
          {status.note}
        </p>
      )}

      <h3 className="member-subhead">{view.plan === "SINGLE_MONTHLY" ? "Paddle on your plan" : "Paddles on your plan"}</h3>
      {editing ? (
        <>
          <PaddleChoice plan={view.plan} paddles={paddles} chosen={editing} refusal={tried ? refusal : null} onChange={setEditing} />
          <p className="fine-print">Changing paddles keeps this period's regrips as they are.</p>
          <div className="member-actions">
            <button type="button" className="btn btn-outline" onClick={() => setEditing(undefined)} disabled={change.isPending}>
              Keep Paddles
            </button>
            <button
              type="button"
              className="btn btn-primary"
              disabled={change.isPending}
              onClick={() => {
                setTried(true);
                if (!refusal) change.mutate(editing);
              }}
            >
              {change.isPending ? "Saving..." : "Save Paddles"}
            </button>
          </div>
        </>
      ) : (
        <>
          <ul className="member-paddle-list">
            {assigned.map((paddle, index) => (
              <li key={view.assignedPaddleIds[index]}>{paddle ? paddleName(paddle) : "A paddle no longer in My Grips"}</li>
            ))}
            {assigned.length === 0 && <li className="muted">No paddle yet</li>}
          </ul>
          <div className="member-actions">
            <button
              type="button"
              className="btn btn-outline"
              onClick={() => {
                setTried(false);
                setEditing(view.assignedPaddleIds);
              }}
            >
              Change Paddles
            </button>
            {!view.cancelAtPeriodEnd && (
              <button type="button" className="btn btn-danger-outline" onClick={() => setConfirmCancel(true)}>
                Cancel Plan
              </button>
            )}
          </div>
        </>
      )}

      {confirmCancel && (
        <Dialog
          title="Cancel your plan?"
          description={`Your ${PLAN_TERMS[view.plan].name.toLowerCase()} stays until ${shortDate(view.currentPeriodEnd)}, then ends and is not charged again.`}
          onClose={() => !cancel.isPending && setConfirmCancel(false)}
          size="small"
        >
          <div className="dialog-actions">
            <button type="button" className="btn btn-outline" onClick={() => setConfirmCancel(false)} disabled={cancel.isPending} data-autofocus>
              Keep Plan
            </button>
            <button type="button" className="btn btn-danger" disabled={cancel.isPending} onClick={() => cancel.mutate()}>
              {cancel.isPending ? "Canceling..." : "Cancel Plan"}
            </button>
          </div>
        </Dialog>
      )}
    </>
  );
}

/**
 * The membership's payments, newest first, a page at a time: each charge's date, plan, period and amount. Asked again
 * when the plan's period changes (a plan that just started, or renewed, has a new charge).
 */
function MembershipPayments({ periodEnd }: { periodEnd: string | null }) {
  const charges = useInfiniteQuery({
    queryKey: [...membershipChargesQueryKey, periodEnd],
    queryFn: ({ pageParam }) => membershipChargesPage(pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
  });
  if (charges.isPending) return <LoadingSpinner text="Loading your payments..." />;
  if (charges.isError) return <p className="form-error">Unable to load your membership payments. Please try again later.</p>;
  const items = charges.data.pages.flatMap((page) => page.items);
  if (items.length === 0) return null;
  return (
    <>
      <h3 className="member-subhead">Payments</h3>
      <HistoryTable caption="Membership payments, newest first" amountHeading="Amount" className="points-history membership-payments" more={charges}>
        {items.map((charge) => (
          <tr key={charge.invoiceId}>
            <td>{shortDate(charge.paidAt)}</td>
            <td>
              {PLAN_TERMS[charge.plan].name}
              {charge.periodStart && charge.periodEnd ? `, ${shortDate(charge.periodStart)} to ${shortDate(charge.periodEnd)}` : ""}
              {charge.card ? <span className="muted">{` · ${charge.card}`}</span> : null}
            </td>
            <td className="points-col">{formatCents(charge.amountCents)}</td>
          </tr>
        ))}
      </HistoryTable>
    </>
  );
}

/** Shop Tools' Subscription tab: the plans and Subscribe, or the plan the customer has. */
export function SubscriptionTab() {
  const subscription = useMembership(true);
  const paddles = usePaddles(true);
  const live = hasLivePlan(subscription.data);
  const back = useSubscriptionReturn(live, () => void subscription.refetch());

  let body;
  if (subscription.isPending || paddles.isPending) body = <LoadingSpinner text="Loading your membership..." />;
  else if (subscription.isError) body = <p className="form-error">Unable to load your membership. Please try again later.</p>;
  else if (paddles.isError) body = <p className="form-error">Unable to load your paddles. Please try again later.</p>;
  else if (hasLivePlan(subscription.data)) body = <CurrentPlan view={subscription.data} paddles={paddles.data} />;
  else if (back.waiting) body = <LoadingSpinner text="Confirming your payment..." />;
  else body = <ChoosePlan paddles={paddles.data} />;

  return (
    <>
      <h2>Subscription</h2>
      {back.returned === "subscribed" && live && (
        <p className="notice notice-success section-gap" role="status">
          Thank you! Your plan is active.
        </p>
      )}
      {back.returned === "subscribed" && !live && !back.waiting && !subscription.isPending && (
        <p className="notice section-gap" role="status">
          Your payment is on its way to us. Your plan shows here as soon as it lands; refresh in a minute.
        </p>
      )}
      {back.returned === "canceled" && !live && (
        <p className="notice section-gap" role="status">
          Checkout was canceled. Nothing was charged; choose a plan whenever you like.
        </p>
      )}
      {body}
      {!subscription.isPending && !subscription.isError && <MembershipPayments periodEnd={subscription.data.currentPeriodEnd} />}
    </>
  );
}

