import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Checkbox from "@cloudscape-design/components/checkbox";
import Container from "@cloudscape-design/components/container";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import KeyValuePairs from "@cloudscape-design/components/key-value-pairs";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Textarea from "@cloudscape-design/components/textarea";
import Wizard from "@cloudscape-design/components/wizard";
import { customerName, type CustomerView } from "@regrip/core/shared/customers";
import { COVERED_LINE_NOTE } from "@regrip/core/shared/membership";
import { NICKNAME_REQUIRED } from "@regrip/core/shared/paddles";
import { displayPhone } from "@regrip/core/shared/phone";
import {
  DiscountDollars,
  QUICK_SALE_SERVICES,
  QuickSaleBooking,
  quickSaleTotals,
  SELECT_A_SERVICE,
  type QuickSalePrices,
  type QuickSaleService,
} from "@regrip/core/shared/quick-sale";
import type { QuickSaleAnswer } from "@regrip/core/shared/storefront";
import { COMP_NEEDS_REASON, discountOverLimit, employeeDiscountLimitCents, ratePercentText, ZERO_TOTAL_IS_COMP } from "@regrip/core/shared/money-settings";
import { useCurrentUser } from "../../../auth/current-user";
import { isAdmin } from "../../../auth/roles";
import { CounterShopSelect, useCounterShop } from "../CounterShopSelect";
import { useCounterMoneySettings } from "../settings/money-api";
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import * as z from "zod/mini";
import { needsPhoneVerification, serverMessage } from "../../../lib/api-error";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { formatCents } from "../../../lib/money";
import { useToast } from "../../../toast/use-toast";
import { CustomerFormModal } from "../customers/CustomerFormModal";
import { MemberBadge, type MemberCustomer } from "../customers/MemberBadge";
import { CustomerSearch } from "../customers/CustomerSearch";
import { completeText, HowToPay, paymentFields, paymentProblem, saleEndPath, startPayment, type SalePaymentChoice } from "../counter-sale/HowToPay";
import { SaleBagField, useSaleBag } from "../counter-sale/SaleBagField";
import { useCustomerPaddles } from "../counter-sale/counter-sale-api";
import { chosenPaddleText, coverablePaddles, defaultPaddleId, SalePaddlePicker, useSalePaddleIds } from "../counter-sale/SalePaddlePicker";
import { useStorefrontProducts } from "../storefront-booking/storefront-api";
import { BookingPhoneModal } from "./BookingPhoneModal";
import { bookQuickSale } from "./quick-sale-api";
import { clearDraft, emptyDraft, readDraft, writeDraft, type QuickSaleDraft } from "./quick-sale-draft";

type PaddleFields = QuickSaleDraft["paddle"];

const emptyPaddle: PaddleFields = emptyDraft.paddle;
const noPrices: QuickSalePrices = {};

/** What happened to the payment of a booked sale: taken now, the link texted, or why not. */
function linkText(answer: QuickSaleAnswer, choice: SalePaymentChoice): string {
  if (!answer.requiresPayment) return "Nothing to pay";
  if (choice.payment === "counter") return "Take the payment now";
  return !answer.smsStatus.success ? `Payment link not texted: ${answer.smsStatus.message}` : "Payment link sent to customer";
}

const bagText = (answer: QuickSaleAnswer) => (answer.bagNumber ? `bag ${answer.bagNumber}${answer.bagAssigned ? " (assigned)" : ""}` : "");

/** The toast's words for a booked sale: the order's reference, its bag, and what happened to the payment link. */
function bookedText(answer: QuickSaleAnswer, choice: SalePaymentChoice): string {
  const bag = bagText(answer);
  return `Order ${answer.reference}${bag ? ` in ${bag}` : ""}. ${linkText(answer, choice)}`;
}

/**
 * A service as the wizard lists it: its name and the catalogue's price, the price once it is known; the core regrip
 * at $0 when the membership covers it (`regripCovered`: an assigned paddle is chosen).
 */
function serviceText(service: (typeof QUICK_SALE_SERVICES)[number], prices: QuickSalePrices, regripCovered = false): string {
  if (regripCovered && service.id === "regrip") return `${service.label} ${formatCents(0)} (${COVERED_LINE_NOTE})`;
  const cents = prices[service.id];
  return cents === undefined ? service.label : `${service.label} ${formatCents(cents)}`;
}

/** A discount field's text as dollars against the server's rule (`DiscountDollars`): empty is 0. */
function discountProblem(text: string): string | undefined {
  if (text.trim() === "") return undefined;
  const parsed = z.safeParse(DiscountDollars, Number(text));
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** /quick-sale: the four-step wizard: Customer, Paddle, Services, Payment. */
export default function QuickSalePage() {
  const { toast } = useToast();
  const navigate = useNavigate();
  // A reload comes back to the sale in progress (quick-sale-draft.ts).
  const [draft] = useState(readDraft);
  const [step, setStep] = useState(draft.step);
  const [search, setSearch] = useState(draft.search);
  const [creating, setCreating] = useState(false);
  const [customer, setCustomer] = useState<CustomerView | undefined>(draft.customer);
  const [paddle, setPaddle] = useState<PaddleFields>(draft.paddle);
  const [paddleId, setPaddleId] = useState<string | undefined>(draft.paddleId);
  const [bagNumber, setBagNumber] = useState(draft.bagNumber);
  const [services, setServices] = useState<QuickSaleService[]>(draft.services);
  const [discount, setDiscount] = useState(draft.discount);
  const [discountNotes, setDiscountNotes] = useState(draft.discountNotes);
  const [errors, setErrors] = useState<Partial<Record<"customer" | "nickname" | "bag" | "services" | "discount" | "discountNotes" | "payment", string>>>({});
  const [pay, setPay] = useState<SalePaymentChoice>(startPayment);
  const bag = useSaleBag(bagNumber);
  const offered = useSalePaddleIds(customer);
  const paddlesOnFile = useCustomerPaddles(customer?.id).data;
  const [shop, setShop] = useCounterShop();
  const money = useCounterMoneySettings().data;
  const admin = isAdmin(useCurrentUser().data);
  const [busy, setBusy] = useState(false);
  const [phoneFor, setPhoneFor] = useState<CustomerView>();
  /** The booking as sent, kept for the retry after the phone is verified, with its Idempotency-Key. */
  const saved = useRef<{ request?: QuickSaleBooking; key: string } | undefined>(draft.idempotencyKey ? { key: draft.idempotencyKey } : undefined);
  const [sentKey, setSentKey] = useState(draft.idempotencyKey);

  useEffect(() => {
    const current: QuickSaleDraft = { step, search, customer, paddle, paddleId, bagNumber, services, discount, discountNotes, idempotencyKey: sentKey };
    const untouched = !customer && !search && step === 0 && !sentKey;
    if (untouched) clearDraft();
    else writeDraft(current);
  }, [step, search, customer, paddle, paddleId, bagNumber, services, discount, discountNotes, sentKey]);

  // The prices the server will charge: the catalogue's `QS-*` items, which an admin can change.
  const storefront = useStorefrontProducts().data;
  const prices = storefront?.quickSale ?? noPrices;
  const discountDollars = discountProblem(discount) ? 0 : Number(discount || 0);
  // An assigned paddle chosen: its core regrip is covered, as the server prices it (one regrip, then the discount).
  const assigned = coverablePaddles(customer);
  const coveredPaddle = assigned.find((p) => p.id === paddleId);
  // A paddle on file chosen (covered or not): the sale is for it, no new paddle is made.
  const onFile = offered(paddleId);
  const regripCovered = !!coveredPaddle && services.includes("regrip");
  // The counter's shop's sales tax on the goods, as the server adds it.
  const tax = { taxRateBps: money?.taxRateBps[shop] ?? 0, taxable: storefront?.quickSaleTaxable ?? [] };
  const { subtotalCents, discountAmountCents: discountCents, taxCents, totalCents: total } = quickSaleTotals(services, prices, discountDollars, regripCovered, tax);
  // An employee's discount is held to the shop's limit (a share of the subtotal); an admin's is not, but a discount
  // that leaves nothing to pay is a comp and needs its reason. The server's words, before the server says them.
  const limitPercent = money?.employeeDiscountLimitPercent;
  const limitCents = limitPercent === undefined ? undefined : employeeDiscountLimitCents(subtotalCents, limitPercent);
  const overLimit = !admin && limitPercent !== undefined && limitCents !== undefined && discountCents > limitCents;
  const discountRefusal = overLimit ? discountOverLimit(limitPercent, subtotalCents) : !admin && discountCents > 0 && total === 0 ? ZERO_TOTAL_IS_COMP : undefined;
  const compWithoutReason = admin && discountCents > 0 && total === 0 && !discountNotes.trim();

  function reset() {
    setStep(0);
    setSearch("");
    setCustomer(undefined);
    setPaddle(emptyPaddle);
    setPaddleId(undefined);
    setPay(startPayment);
    setBagNumber("");
    setServices([]);
    setDiscount("");
    setDiscountNotes("");
    setErrors({});
    saved.current = undefined;
    setSentKey(undefined);
    clearDraft();
  }

  /** What stops leaving a step, with its message (a customer, then a paddle nickname, then a service). */
  function problemAt(index: number): Partial<typeof errors> {
    if (index === 0 && !customer) return { customer: "Choose or create a customer" };
    if (index === 1) {
      const found: Partial<typeof errors> = {};
      if (!onFile && !paddle.nickname.trim()) found.nickname = NICKNAME_REQUIRED;
      if (bag.refusal) found.bag = bag.refusal;
      return found;
    }
    if (index === 2) {
      const found: Partial<typeof errors> = {};
      if (services.length === 0) found.services = SELECT_A_SERVICE;
      const bad = discountProblem(discount) ?? discountRefusal;
      if (bad) found.discount = bad;
      if (compWithoutReason) found.discountNotes = COMP_NEEDS_REASON;
      return found;
    }
    if (index === 3 && customer && total > 0) {
      const bad = paymentProblem(customer, pay);
      if (bad) return { payment: bad };
    }
    return {};
  }

  async function send(request: QuickSaleBooking, key: string) {
    setBusy(true);
    try {
      const answer = await bookQuickSale(request, key);
      toast({ title: "Service Booked", description: bookedText(answer, pay), duration: 10_000 });
      const choice = pay;
      reset();
      // The sale ends with the money: on the order, its payment dialog open when it is taken at the counter.
      navigate(saleEndPath(answer.orderId, choice, answer.requiresPayment));
    } catch (error) {
      if (needsPhoneVerification(error) && customer) {
        setPhoneFor(customer);
      } else {
        toast({ title: "Booking Failed", description: serverMessage(error) ?? "Something went wrong", variant: "destructive" });
      }
    } finally {
      setBusy(false);
    }
  }

  function complete() {
    for (const index of [0, 1, 2, 3]) {
      const found = problemAt(index);
      if (Object.keys(found).length > 0) {
        setErrors(found);
        setStep(index);
        return;
      }
    }
    const amount = discountDollars;
    const notes = discountNotes.trim() || undefined;
    const request = z.parse(QuickSaleBooking, {
      customerId: customer!.id,
      // An assigned paddle: the server sells for it (its `paddle` is then ignored) and covers its core regrip.
      ...(onFile
        ? { paddleId, paddle: { nickname: coveredPaddle?.nickname || paddlesOnFile?.find((p) => p.id === paddleId)?.nickname || "Paddle" } }
        : { paddle: { nickname: paddle.nickname, brand: paddle.brand.trim() || undefined, model: paddle.model.trim() || undefined } }),
      bagNumber: bagNumber.trim() || undefined,
      shop,
      services,
      // Notes go with the discount, and on their own when no amount was typed: they were dropped here before.
      discount: amount > 0 || notes ? { amount, notes } : null,
      total: total / 100,
      ...(total > 0 ? paymentFields(pay) : { payment: "counter" }),
    });
    const key = saved.current?.key ?? newIdempotencyKey();
    saved.current = { request, key };
    // Kept with the draft: a reload and a second Complete Order answers the order this request made, if it did.
    setSentKey(key);
    void send(request, key);
  }

  const toggle = (id: QuickSaleService, on: boolean) => {
    setServices((list) => (on ? [...list.filter((s) => s !== id), id] : list.filter((s) => s !== id)));
    setErrors((e) => ({ ...e, services: undefined }));
  };

  const customerStep = customer ? (
    <Container
      header={
        <Header
          variant="h2"
          actions={
            <Button
              onClick={() => {
                setCustomer(undefined);
                setPaddleId(undefined);
              }}
            >
              Change Customer
            </Button>
          }
          description={<MemberBadge membership={(customer as MemberCustomer).membership} />}
        >
          {customerName(customer)}
        </Header>
      }
    >
      <KeyValuePairs
        columns={2}
        items={[
          { label: "Phone", value: customer.phone ? `${displayPhone(customer.phone)}${customer.phoneVerified ? " (verified)" : " (not verified)"}` : "None" },
          { label: "Email", value: customer.email ?? "None" },
        ]}
      />
    </Container>
  ) : (
    <Container>
      <SpaceBetween size="s">
        <CustomerSearch
          text={search}
          onTextChange={setSearch}
          onChoose={(c) => {
            setCustomer(c);
            // A member's covered paddle is the one chosen first.
            setPaddleId(defaultPaddleId(c));
            setPay(startPayment);
            setErrors({});
            setStep(1);
          }}
          onCreate={() => setCreating(true)}
        />
        {errors.customer && <Box color="text-status-error">{errors.customer}</Box>}
      </SpaceBetween>
    </Container>
  );

  const paddleStep = customer ? (
    <Container>
      <SpaceBetween size="m">
        <SalePaddlePicker
          customer={customer}
          paddleId={paddleId}
          onPaddleId={(id) => {
            setPaddleId(id);
            setErrors((e) => ({ ...e, nickname: undefined }));
          }}
          paddle={paddle}
          onPaddle={(fields) => {
            setPaddle(fields);
            setErrors((e) => ({ ...e, nickname: undefined }));
          }}
          nicknameError={errors.nickname}
        />
        <SaleBagField
          bag={bag}
          showFormat={!!errors.bag}
          onChange={(value) => {
            setBagNumber(value);
            setErrors((e) => ({ ...e, bag: undefined }));
          }}
        />
      </SpaceBetween>
    </Container>
  ) : null;

  const servicesStep = (
    <Container>
      <SpaceBetween size="l">
        <FormField label="Services" errorText={errors.services}>
          <SpaceBetween size="xs">
            {QUICK_SALE_SERVICES.map((service) => (
              <Checkbox key={service.id} checked={services.includes(service.id)} onChange={({ detail }) => toggle(service.id, detail.checked)}>
                {serviceText(service, prices, !!coveredPaddle)}
              </Checkbox>
            ))}
          </SpaceBetween>
        </FormField>
        <FormField
          label="Discount amount ($)"
          description={
            !admin && limitPercent !== undefined && limitCents !== undefined
              ? `Up to ${formatCents(limitCents)} (${limitPercent}%) without an admin`
              : "Taken off the total; a total of $0.00 is a comp and needs its reason in the notes"
          }
          errorText={errors.discount}
        >
          <Input
            type="number"
            inputMode="decimal"
            step={0.01}
            value={discount}
            onChange={({ detail }) => {
              setDiscount(detail.value);
              setErrors((e) => ({ ...e, discount: discountProblem(detail.value) }));
            }}
            placeholder="0.00"
            invalid={!!errors.discount}
          />
        </FormField>
        <FormField label={compWithoutReason || errors.discountNotes ? "Discount notes (the comp's reason)" : "Discount notes (optional)"} errorText={errors.discountNotes}>
          <Textarea
            value={discountNotes}
            onChange={({ detail }) => {
              setDiscountNotes(detail.value.slice(0, 500));
              setErrors((e) => ({ ...e, discountNotes: undefined }));
            }}
            rows={2}
            placeholder="Why the discount"
          />
        </FormField>
        {taxCents > 0 && <Box>{`Sales tax (${ratePercentText(tax.taxRateBps)}): ${formatCents(taxCents)}`}</Box>}
        <Box variant="h3" tagOverride="p">{`Total: ${formatCents(total)}`}</Box>
      </SpaceBetween>
    </Container>
  );

  const paymentStep = (
    <Container header={<Header variant="h2">Summary</Header>}>
      <SpaceBetween size="m">
        <KeyValuePairs
          columns={2}
          items={[
            {
              label: "Customer",
              value: customer ? (
                <SpaceBetween size="xxs">
                  <span>{`${customerName(customer)}${customer.phone ? ` · ${displayPhone(customer.phone)}` : ""}`}</span>
                  <MemberBadge membership={(customer as MemberCustomer).membership} />
                </SpaceBetween>
              ) : (
                "—"
              ),
            },
            {
              label: "Paddle",
              value: chosenPaddleText(customer, paddleId, paddle, paddlesOnFile),
            },
            { label: "Bag", value: bagNumber.trim() ? bagNumber.trim().toUpperCase() : "A free bag, assigned when the order is made" },
            {
              label: "Services",
              value: (
                <ul style={{ margin: 0, paddingInlineStart: "1.2em" }}>
                  {QUICK_SALE_SERVICES.filter((s) => services.includes(s.id)).map((s) => (
                    <li key={s.id}>{serviceText(s, prices, !!coveredPaddle)}</li>
                  ))}
                </ul>
              ),
            },
            {
              label: "Discount",
              value: `${discountCents ? `-${formatCents(discountCents)}` : "None"}${discountNotes.trim() ? ` (${discountNotes.trim()})` : ""}`,
            },
            ...(taxCents > 0 ? [{ label: `Sales tax (${ratePercentText(tax.taxRateBps)})`, value: formatCents(taxCents) }] : []),
            { label: "Total", value: <Box fontWeight="bold" fontSize="heading-m">{formatCents(total)}</Box> },
          ]}
        />
        {customer && total > 0 ? (
          <HowToPay
            customer={customer}
            choice={pay}
            showProblem={!!errors.payment}
            onChange={(choice) => {
              setPay(choice);
              setErrors((e) => ({ ...e, payment: undefined }));
            }}
          />
        ) : (
          <Box color="text-body-secondary">Nothing to pay: Create Order makes the order and puts it in the queue.</Box>
        )}
        <Box color="text-body-secondary" fontSize="body-s">
          The server prices the order.
        </Box>
      </SpaceBetween>
    </Container>
  );

  return (
    <SpaceBetween size="m">
      <CounterShopSelect shop={shop} onChange={setShop} />
      <Wizard
        activeStepIndex={step}
        onNavigate={({ detail }) => {
          const next = detail.requestedStepIndex;
          if (next > step) {
            for (let index = step; index < next; index++) {
              const found = problemAt(index);
              if (Object.keys(found).length > 0) {
                setErrors(found);
                setStep(index);
                return;
              }
            }
          }
          setErrors({});
          setStep(next);
        }}
        onSubmit={complete}
        onCancel={reset}
        isLoadingNextStep={busy}
        submitButtonText={completeText(pay, total > 0)}
        i18nStrings={{
          stepNumberLabel: (n) => `Step ${n}`,
          collapsedStepsLabel: (n, count) => `Step ${n} of ${count}`,
          navigationAriaLabel: "Steps",
          cancelButton: "Start Over",
          previousButton: "Previous",
          nextButton: "Next",
          optional: "optional",
        }}
        steps={[
          { title: "Customer", description: "Search for the customer or create one", content: customerStep },
          { title: "Paddle", description: "The paddle being serviced", content: paddleStep },
          { title: "Services", description: "Services, discount and total", content: servicesStep },
          { title: "Payment", description: "Check and complete the order", content: paymentStep },
        ]}
      />
      {creating && (
        <CustomerFormModal
          mode="create"
          seed={search}
          onDismiss={() => setCreating(false)}
          onSaved={(c) => {
            setCreating(false);
            setCustomer(c);
            // A member's covered paddle is the one chosen first.
            setPaddleId(defaultPaddleId(c));
            setPay(startPayment);
            setErrors({});
            setStep(1);
          }}
        />
      )}
      {phoneFor && (
        <BookingPhoneModal
          customer={phoneFor}
          onCancel={() => {
            setPhoneFor(undefined);
            saved.current = undefined;
            setSentKey(undefined);
          }}
          onVerified={(verified) => {
            setPhoneFor(undefined);
            setCustomer(verified);
            // A fresh key: the refused attempt made nothing, and its refusal must not be replayed.
            const request = saved.current?.request;
            if (request) {
              const key = newIdempotencyKey();
              saved.current = { request, key };
              setSentKey(key);
              void send(request, key);
            }
          }}
        />
      )}
    </SpaceBetween>
  );
}
