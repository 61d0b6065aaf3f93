import { isBookingBagNumber } from "@regrip/core/shared/bags";
import { BOOKING_REQUIRED } from "@regrip/core/shared/booking";
import { formatDate, formatTime } from "@regrip/core/shared/calendar";
import { memo, startTransition, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useCurrentUser } from "../../auth/current-user";
import { useDeferredFields } from "../../lib/deferred";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { useServices, type CoreService } from "../../data/catalogue";
import { BOOK_AGAIN_PARAM, useOrder } from "../../data/orders";
import { usePointsBalance, useMembership } from "../../data/membership";
import { useMyPacks } from "../../data/packs";
import type { PackCreditView } from "@regrip/core/shared/packs";
import { openOrderOf, paddleName, usePaddles } from "../../data/paddles";
import { useLocations, useSchedule } from "../../data/schedule";
import { lazyChunk } from "../../lib/load-chunk";
import { currentPath, goToServerLogin } from "../../lib/navigation";
import { usePageMeta } from "../../lib/page-meta";
import { preloadOnFirstInput } from "../../lib/preload";
import "../../styles/customer.css";
import "../../styles/booking.css";
import { useToast } from "../../toast/use-toast";
import { AddOnSections } from "./AddOnSections";
import {
  againSelection,
  bagNumberProblem,
  bookingRequest,
  chooseEdge,
  coreVariant,
  coverCore,
  coveringPack,
  isCovered,
  packCoverNote,
  usablePoints,
  emptySelection,
  findItem,
  isComplete,
  selectionAfterBooking,
  summaryLines,
  toggle,
  totals as totalsOf,
  taxPlaceOf,
  withPrefs,
  type BookingSelection,
} from "./booking-state";
import { BookingBar, BookingSummary } from "./BookingSummary";
import { CoreServiceList } from "./CoreServiceList";
import { PaddleSelector } from "./PaddleSelector";
import { useBagCheck } from "./use-bag-check";
import { useBookingFlow } from "./use-booking-flow";
import type { Picker } from "./VariantPickerDialog";
import { deliveryRunFor, clubDays, promisedPickup, shopDays, shopSlots, type WhereWhen } from "./where-when";
import { WhereWhenStep } from "./WhereWhenStep";

/** The shop's clock as the picker reads it: a minute's resolution, so slots already past drop off as time goes. */
function useMinuteClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 60_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

// Opened on demand, so they stay out of the page's first load (and are fetched at the customer's first move on the page).
const loadPicker = () => import("./VariantPickerDialog");
const loadBookingDialogs = () => import("./BookingDialogs");
const loadPhoneDialog = () => import("../../components/PhoneVerificationDialog");
const loadDraft = () => import("./booking-draft");
const VariantPickerDialog = lazyChunk(() => loadPicker().then((m) => ({ default: m.VariantPickerDialog })));
const ConfirmBookingDialog = lazyChunk(() => loadBookingDialogs().then((m) => ({ default: m.ConfirmBookingDialog })));
const BookingSuccessDialog = lazyChunk(() => loadBookingDialogs().then((m) => ({ default: m.BookingSuccessDialog })));
// Only when a session ends at Confirm: never preloaded.
const SignInAgainDialog = lazyChunk(() => import("./SignInAgainDialog").then((m) => ({ default: m.SignInAgainDialog })));
const PhoneVerificationDialog = lazyChunk(() => loadPhoneDialog().then((m) => ({ default: m.PhoneVerificationDialog })));

export const loginRedirectDelayMs = 500;

type AgainNote = { failed: true } | { failed: false; paddle: string; paddleInShop: boolean; dropped: string[] };

/** What Book again chose, and what it could not: a paddle in the shop, services the catalogue no longer offers. */
function AgainNotice({ note }: { note: AgainNote }) {
  if (note.failed)
    return (
      <p className="again-note again-note-warning" role="status">
        That order could not be loaded, so nothing is chosen for you. Choose your paddle and services below.
      </p>
    );
  return (
    <div className="again-note" role="status">
      <p>
        <strong>Booking again:</strong>{" "}
        {note.paddleInShop ? `${note.paddle} is in the shop now: you can book it again after you pick it up.` : `${note.paddle}, with the same services.`} Prices are
        today's.
      </p>
      {note.dropped.length > 0 && <p>No longer offered, so not chosen: {note.dropped.join(", ")}.</p>}
    </div>
  );
}

interface AgainLookup {
  id: string;
  /** Null when the order could not be loaded. */
  order: NonNullable<ReturnType<typeof useOrder>["data"]> | null;
}

/** Book again's order, asked for only when the address names one (`?again=`) and someone is signed in. */
function AgainOrder({ id, onAnswer }: { id: string; onAnswer: (answer: AgainLookup) => void }) {
  const order = useOrder(id);
  useEffect(() => {
    if (!order.isPending) onAnswer({ id, order: order.data ?? null });
  }, [id, order.isPending, order.data, onAnswer]);
  return null;
}

export default function BookingPage() {
  usePageMeta(
    "Book a Service",
    "Book a pickleball paddle regrip: choose your paddle, grip, color and tack, add-ons, and where and when: a shop drop-off time, a club day, or a delivery to your club.",
  );
  const currentUser = useCurrentUser();
  const asked = !!currentUser.data;
  const paddles = usePaddles(asked);
  // A member's covered regrip and the points: asked only signed in.
  const subscription = useMembership(asked);
  const myPacks = useMyPacks(asked);
  const pointsBalance = usePointsBalance(asked);
  const services = useServices();
  const locations = useLocations();
  const schedule = useSchedule();
  const fields = {
    user: currentUser.data,
    userPending: currentUser.isPending,
    paddleList: paddles.data,
    paddlesLoading: paddles.isLoading,
    paddlesFailed: paddles.isError,
    membership: subscription.data,
    packs: myPacks.data?.items,
    pointsHeld: pointsBalance.data,
    catalogue: services.data,
    servicesPending: services.isPending,
    servicesFailed: services.isError,
    locationsView: locations.data,
    locationsPending: locations.isPending,
    locationsFailed: locations.isError,
    events: schedule.data,
  };
  // The form fills in once, when every answer it waits for is in (or has failed), from the first render's answers
  // until then: one render of the whole form rather than one per answer. A signed-out visitor waits for no paddles,
  // membership or points (those stay disabled).
  const [firstFields] = useState(() => fields);
  const waiting =
    currentUser.isPending || services.isPending || locations.isPending || schedule.isPending || (asked && (paddles.isPending || subscription.isPending || myPacks.isPending || pointsBalance.isPending));
  // TanStack Query renders each answer at once (useSyncExternalStore), a render React cannot time-slice. Only this
  // component reads the queries: the form below is memoized and renders from a deferred copy of their answers, so
  // an answer's urgent render stops here, and the form fills in with a transition render React time-slices.
  const answers = useDeferredFields(waiting ? firstFields : fields);
  return <BookingForm {...answers} />;
}

interface BookingFormProps {
  user: ReturnType<typeof useCurrentUser>["data"];
  userPending: boolean;
  paddleList: ReturnType<typeof usePaddles>["data"];
  paddlesLoading: boolean;
  paddlesFailed: boolean;
  membership: ReturnType<typeof useMembership>["data"];
  packs: PackCreditView[] | undefined;
  pointsHeld: ReturnType<typeof usePointsBalance>["data"];
  catalogue: ReturnType<typeof useServices>["data"];
  servicesPending: boolean;
  servicesFailed: boolean;
  locationsView: ReturnType<typeof useLocations>["data"];
  locationsPending: boolean;
  locationsFailed: boolean;
  events: ReturnType<typeof useSchedule>["data"];
}

/** The booking form, from the answers as BookingPage deferred them (memo: an urgent render with the same answers skips it). */
const BookingForm = memo(function BookingForm({
  user,
  userPending,
  paddleList,
  paddlesLoading,
  paddlesFailed,
  membership,
  packs,
  pointsHeld,
  catalogue,
  servicesPending,
  servicesFailed,
  locationsView,
  locationsPending,
  locationsFailed,
  events,
}: BookingFormProps) {
  const { toast } = useToast();
  const asked = !!user;
  const signedIn = userPending ? undefined : !!user;
  const now = useMinuteClock();
  const [params, setParams] = useSearchParams();
  const [selection, setSelection] = useState<BookingSelection>(() => emptySelection());
  const [picker, setPicker] = useState<Picker>();

  useEffect(() => preloadOnFirstInput(loadPicker, loadBookingDialogs, loadPhoneDialog), []);

  // What the page chooses for the customer as answers arrive (a paddle, the earliest slot, their preferences) renders
  // in a transition, time-sliced like the answers themselves: an effect's plain update would render the whole form
  // in one long task. What the customer does renders at once.
  const chooseForCustomer = (change: (s: BookingSelection) => BookingSelection) => startTransition(() => setSelection(change));

  /** The person changed something (the page's own choices are not a draft). */
  const touched = useRef(false);
  const update = (changes: Partial<BookingSelection>) => {
    flow.clearFailure();
    touched.current = true;
    setSelection((s) => ({ ...s, ...changes }));
  };

  // ?paddle= preselects that paddle and then leaves the address; an only paddle is preselected.
  const wantedPaddle = params.get("paddle");
  useEffect(() => {
    if (!paddleList) return;
    // A paddle already in the shop (an open order) cannot be chosen.
    const bookable = paddleList.filter((p) => !openOrderOf(p));
    if (wantedPaddle) {
      if (bookable.some((p) => p.id === wantedPaddle)) chooseForCustomer((s) => ({ ...s, paddleId: wantedPaddle }));
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete("paddle");
          return next;
        },
        { replace: true },
      );
    } else if (paddleList.length === 1 && bookable.length === 1) {
      chooseForCustomer((s) => (s.paddleId ? s : { ...s, paddleId: bookable[0].id }));
    } else {
      chooseForCustomer((s) => (s.paddleId && !bookable.some((p) => p.id === s.paddleId) ? { ...s, paddleId: undefined } : s));
    }
  }, [paddleList, wantedPaddle, setParams]);

  // ?again= (Book again: a picked-up order's page, My Grips, the regrip reminder) chooses that order's paddle and
  // services again where the catalogue still offers them, says what it could not, then leaves the address.
  const againId = params.get(BOOK_AGAIN_PARAM) ?? undefined;
  const [againOrder, setAgainOrder] = useState<AgainLookup>();
  const [again, setAgain] = useState<AgainNote>();
  useEffect(() => {
    if (!againId || !catalogue || !paddleList || againOrder?.id !== againId) return;
    const { order } = againOrder;
    if (!order) setAgain({ failed: true });
    else {
      const bookable = paddleList.filter((p) => !openOrderOf(p)).map((p) => p.id);
      const { paddleInShop, dropped } = againSelection(emptySelection(), order, catalogue, bookable);
      chooseForCustomer((s) => againSelection(s, order, catalogue, bookable).selection);
      const paddle = paddleList.find((p) => p.id === order.paddleId);
      setAgain({ failed: false, paddle: paddle ? paddleName(paddle) : (order.paddle.nickname ?? "Your paddle"), paddleInShop, dropped });
    }
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(BOOK_AGAIN_PARAM);
        return next;
      },
      { replace: true },
    );
  }, [againId, catalogue, paddleList, againOrder, setParams]);

  // ?event= (the /onsite page's Book) chooses that onsite day, or that delivery run's club, then leaves the address.
  const wantedEvent = params.get("event");
  useEffect(() => {
    if (!wantedEvent || !events) return;
    const event = events.find((e) => e.id === wantedEvent);
    if (event?.type === "ONSITE_GRIPPING" && event.seatsLeft > 0) chooseForCustomer((s) => ({ ...s, where: { ...s.where, kind: "onsite", eventId: event.id } }));
    if (event?.type === "DELIVERY") chooseForCustomer((s) => ({ ...s, where: { ...s.where, kind: "delivery", pickupPartner: event.partner.locationKey } }));
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete("event");
        return next;
      },
      { replace: true },
    );
  }, [wantedEvent, events, setParams]);

  // The membership covers first; else a bought pack covering the chosen core service (the server's order of the two).
  const member = isCovered(membership, selection.paddleId);
  const serviceName = catalogue?.coreServices.find((service) => service.skus.some((sku) => sku.id === selection.serviceSkuId))?.name;
  const pack = member ? undefined : coveringPack(packs, serviceName);
  const covered = member || !!pack;
  const coverNote = pack ? packCoverNote(pack) : undefined;
  const lines = useMemo(() => coverCore(summaryLines(selection, catalogue), selection.serviceSkuId, covered, coverNote), [selection, catalogue, covered, coverNote]);
  // The sales tax the server adds: the rate of the place the booking is taxed at, on the goods.
  const taxRateBps = catalogue?.taxRateBps?.[taxPlaceOf(selection.where.kind, selection.location)] ?? 0;
  const dueCents = totalsOf(lines, selection.promo, 0, taxRateBps).totalCents;
  const points = usablePoints(selection.redeemPoints, pointsHeld ?? 0, dueCents);
  const totals = totalsOf(lines, selection.promo, points, taxRateBps);
  const paddle = paddleList?.find((p) => p.id === selection.paddleId);
  const paddleLabel = paddle ? paddleName(paddle) : undefined;

  // Where and when: the chosen shop's days and times, and the day it promises the paddle back.
  const { where } = selection;
  const shop = locationsView?.shops.find((s) => s.value === selection.location);
  const days = useMemo(() => (shop ? shopDays(shop, now) : []), [shop, now]);
  const slots = useMemo(() => (shop && where.dropoffDate ? shopSlots(shop, where.dropoffDate, now) : []), [shop, where.dropoffDate, now]);
  const readyDate = shop && where.dropoffDate && where.dropoffTime && slots.includes(where.dropoffTime) ? promisedPickup(shop, where.dropoffDate, where.dropoffTime) : undefined;
  const deliveryRun = where.kind === "delivery" && where.pickupPartner && readyDate ? deliveryRunFor(events ?? [], where.pickupPartner, readyDate) : undefined;
  const clubDay = where.kind === "onsite" ? clubDays(events ?? []).find((e) => e.id === where.eventId && e.seatsLeft > 0) : undefined;
  // The earliest day and time are chosen for the customer (and kept within the shop's hours as they change their mind).
  useEffect(() => {
    if (where.kind === "onsite" || !shop) return;
    const date = where.dropoffDate && days.includes(where.dropoffDate) ? where.dropoffDate : days[0];
    const time = date === where.dropoffDate && where.dropoffTime && slots.includes(where.dropoffTime) ? where.dropoffTime : date === where.dropoffDate ? slots[0] : date ? shopSlots(shop, date, now)[0] : undefined;
    if (date !== where.dropoffDate || time !== where.dropoffTime) chooseForCustomer((s) => ({ ...s, where: { ...s.where, dropoffDate: date, dropoffTime: time } }));
  }, [where.kind, where.dropoffDate, where.dropoffTime, shop, days, slots, now]);
  const whereReady = where.kind === "onsite" ? !!clubDay : !!readyDate && (where.kind === "shop" || !!deliveryRun);

  const bagCheck = useBagCheck(selection.needsBag ? "" : selection.bagNumber, asked);
  const bagRefused =
    (selection.needsBag ? undefined : bagNumberProblem(selection.bagNumber)) ?? (bagCheck && !bagCheck.available ? (bagCheck.message ?? `Bag ${bagCheck.code} can't be used`) : undefined);

  // The customer's grip preferences (Shop Tools) preselect the location and core service, once both are known.
  const prefs = user?.defaultPrefs;
  const prefsApplied = useRef(false);
  useEffect(() => {
    if (prefsApplied.current || !prefs || !catalogue) return;
    prefsApplied.current = true;
    chooseForCustomer((s) => withPrefs(s, prefs, catalogue));
  }, [prefs, catalogue]);

  // The booking as the person left it (./booking-draft): restored once who they are is known, kept as they change it.
  const [draft, setDraft] = useState<ReturnType<Awaited<ReturnType<typeof loadDraft>>["draftOf"]>>();
  const [restored, setRestored] = useState(false);
  useEffect(() => {
    if (signedIn === undefined) return;
    void loadDraft().then(({ draftOf }) => {
      const kept = draftOf(user?.id);
      const saved = !touched.current && kept.read(emptySelection());
      if (saved) {
        prefsApplied.current = true;
        setSelection(saved);
        setRestored(true);
      }
      setDraft(kept);
    });
  }, [signedIn, user?.id]);
  useEffect(() => {
    if (touched.current) draft?.save(selection);
  }, [draft, selection]);
  /** Booked, or Start over: the draft is gone, and the form starts again. */
  const startOver = () => {
    touched.current = false;
    draft?.clear();
    setRestored(false);
    setSelection((s) => withPrefs(selectionAfterBooking(s, paddleList?.length ?? 0), prefs, catalogue));
  };

  const flow = useBookingFlow(startOver);

  function logIn() {
    toast({ title: "Login Required", description: "Please log in to book a service", variant: "destructive" });
    setTimeout(() => goToServerLogin(currentPath()), loginRedirectDelayMs);
  }

  function book() {
    if (!user) return logIn();
    if (!isComplete(selection) || !whereReady) {
      toast({ title: "Missing Information", description: BOOKING_REQUIRED, variant: "destructive" });
      return;
    }
    flow.confirm(bookingRequest({ ...selection, redeemPoints: points }), user.phoneVerified);
  }

  function chooseService(service: CoreService) {
    // A service without colors or feels has one variant: no picker needed.
    if (service.colors.length === 0 && service.feels.length === 0) {
      const { sku } = coreVariant(service);
      if (sku) update({ serviceSkuId: sku.id });
      return;
    }
    setPicker({ kind: "core", service });
  }

  // Signed out, the paddle cannot be chosen: Book then asks them to log in first.
  const ready =
    signedIn === false
      ? !!selection.serviceSkuId && (selection.needsBag || isBookingBagNumber(selection.bagNumber))
      : isComplete(selection) && whereReady && !bagRefused;
  const failure = flow.failure;
  const whereFacts = describeWhere();

  /** The drop-off and the pickup in words, for the confirmation. */
  function describeWhere(): { dropoff: string; pickup: string } {
    if (where.kind === "onsite" && clubDay) {
      const times = clubDay.endTime ? `${formatTime(clubDay.startTime)} to ${formatTime(clubDay.endTime)}` : `from ${formatTime(clubDay.startTime)}`;
      return { dropoff: `${clubDay.partner.name}, ${formatDate(clubDay.date)}, ${times}`, pickup: `The same day at ${clubDay.partner.name}` };
    }
    if (!shop || !where.dropoffDate || !where.dropoffTime || !readyDate) return { dropoff: "—", pickup: "—" };
    const dropoff = `${shop.label}, ${formatDate(where.dropoffDate)} at ${formatTime(where.dropoffTime)}`;
    if (where.kind === "delivery" && deliveryRun) return { dropoff, pickup: `${deliveryRun.partner.name}, delivered ${formatDate(deliveryRun.date)}` };
    return { dropoff, pickup: `Ready ${formatDate(readyDate)} at ${shop.label}` };
  }

  // The paddles and the services show together, whichever arrives first (and the paddles' place shows its
  // spinner until then, signed out too): one change from waiting to ready, so nothing already in view moves
  // when the other arrives. While waiting, the services' place holds enough height that the summary below it
  // (on a phone) stays below the fold (styles/booking.css, .services-pending).
  const paddlesSettled = signedIn === false || (signedIn === true && !paddlesLoading);
  const allArrived = !servicesPending && paddlesSettled;

  let main;
  if (!allArrived)
    main = (
      <div className="services-pending">
        <LoadingSpinner text="Loading services..." />
      </div>
    );
  else if (servicesFailed || !catalogue)
    main = (
      <p className="form-error" role="alert">
        Unable to load services. Please refresh the page.
      </p>
    );
  else
    main = (
      <>
        <CoreServiceList services={catalogue.coreServices} selected={findItem(catalogue, selection.serviceSkuId)} onChoose={chooseService} />
        <AddOnSections
          addOns={catalogue.addOnServices}
          selection={selection}
          onToggleGrip={(item) => update({ grips: toggle(selection.grips, item.id) })}
          onToggleOther={(item) => update({ others: toggle(selection.others, item.id) })}
          onChooseTape={(item) => update(chooseEdge(selection, item))}
          onOpenPicker={setPicker}
        />
      </>
    );

  const { state } = flow;
  return (
    <div className="page booking-page">
      <header className="page-header">
        <h1>Book a Service</h1>
        <p>Pick your paddle, your grip and any add-ons, then drop it off in its bag. Most paddles are ready the next business day.</p>
      </header>
      {asked && againId && <AgainOrder id={againId} onAnswer={setAgainOrder} />}
      {again && <AgainNotice note={again} />}
      {restored && (
        <p className="again-note" role="status">
          Your booking as you left it.{" "}
          <button type="button" className="link-button" onClick={startOver}>
            Start over
          </button>
        </p>
      )}
      <div className="booking-layout">
        <div className="booking-main">
          <PaddleSelector
            signedIn={allArrived ? signedIn : undefined}
            paddles={paddleList}
            loading={!allArrived}
            failed={paddlesFailed}
            selectedId={selection.paddleId}
            onSelect={(paddleId) => update({ paddleId })}
            onLogIn={logIn}
            error={failure?.field === "paddle" ? failure.message : undefined}
          />
          {main}
          <WhereWhenStep
            locations={locationsView}
            schedule={events}
            loading={locationsPending}
            failed={locationsFailed}
            shop={selection.location}
            where={where}
            days={days}
            slots={slots}
            readyDate={readyDate}
            deliveryRun={deliveryRun}
            error={failure?.field === "where" ? failure.message : undefined}
            onShop={(location) => update({ location })}
            onChange={(next: WhereWhen) => update({ where: next })}
          />
        </div>
        <BookingSummary
          selection={selection}
          paddleLabel={paddleLabel}
          lines={lines}
          totals={totals}
          canBook={ready}
          pointsBalance={pointsHeld}
          points={points}
          dueCents={dueCents}
          onChange={update}
          onBook={book}
          bagError={failure?.field === "bag" ? failure.message : bagRefused}
          bagNote={bagCheck?.available ? `Bag ${bagCheck.code} is yours to use.` : undefined}
          formError={failure?.field === "form" ? failure.message : undefined}
        />
      </div>
      <BookingBar totalCents={totals.totalCents} canBook={ready} onBook={book} />

      <Suspense fallback={null}>
        {picker && (
          <VariantPickerDialog
            picker={picker}
            current={
              picker.kind === "weight"
                ? { skuId: selection.weight?.skuId === picker.item.id ? picker.item.id : undefined, areas: selection.weight?.areas }
                : picker.kind === "guard"
                  ? { skuId: picker.items.some((i) => i.id === selection.edgeGuard) ? selection.edgeGuard : undefined }
                  : { skuId: picker.service.skus.some((s) => s.id === selection.serviceSkuId) ? selection.serviceSkuId : undefined }
            }
            onPick={(skuId, areas) => {
              if (picker.kind === "core") update({ serviceSkuId: skuId });
              else if (picker.kind === "guard") update({ edgeGuard: skuId });
              else update({ weight: { skuId, areas: areas ?? [] } });
              setPicker(undefined);
            }}
            onRemove={
              picker.kind === "weight" && selection.weight?.skuId === picker.item.id
                ? () => (update({ weight: undefined }), setPicker(undefined))
                : picker.kind === "guard" && picker.items.some((i) => i.id === selection.edgeGuard)
                  ? () => (update({ edgeGuard: undefined }), setPicker(undefined))
                  : picker.kind === "core" && picker.service.skus.some((s) => s.id === selection.serviceSkuId)
                    ? () => (update({ serviceSkuId: undefined }), setPicker(undefined))
                    : undefined
            }
            onClose={() => setPicker(undefined)}
          />
        )}
        {state.step === "confirm" && (
          <ConfirmBookingDialog
            request={state.saved.request}
            paddleLabel={paddleLabel ?? ""}
            where={whereFacts}
            lines={lines}
            totals={totals}
            submitting={flow.submitting}
            onEdit={flow.close}
            onConfirm={() => void flow.submit(state.saved)}
          />
        )}
        {state.step === "phone" && (
          <PhoneVerificationDialog
            rule="booking"
            initialPhone={user?.phone}
            onClose={flow.close}
            // Verified: on to the confirmation, or (asked at Confirm) the saved booking again.
            onVerified={() => (state.beforeConfirm ? flow.confirm(state.saved.request) : void flow.submit(state.saved))}
          />
        )}
        {state.step === "signin" && <SignInAgainDialog email={user?.email} onSignedIn={() => void flow.submit(state.saved)} onClose={flow.close} />}
        {state.step === "booked" && (
          <BookingSuccessDialog
            orderId={state.orderId}
            payment={state.payment}
            pickupDate={state.pickupDate}
            bagNumber={state.bagNumber}
            bagFromShop={state.bagFromShop}
            onClose={flow.close}
          />
        )}
      </Suspense>
    </div>
  );
});
