import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Grid from "@cloudscape-design/components/grid";
import Header from "@cloudscape-design/components/header";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Spinner from "@cloudscape-design/components/spinner";
import { CUSTOMER_NOT_FOUND, customerName } from "@regrip/core/shared/customers";
import { displayPhone } from "@regrip/core/shared/phone";
import type { Discount } from "@regrip/core/shared/promo";
import {
  cartCount,
  cartLimit,
  MAX_LINE_QUANTITY,
  quantityRefusal,
  StorefrontInvoice,
  type CartLine,
  type StorefrontProduct,
} from "@regrip/core/shared/storefront";
import { variantLabel } from "@regrip/core/shared/variants";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useNavigate, useParams } from "react-router";
import * as z from "zod/mini";
import { errorStatus, serverMessage } from "../../../lib/api-error";
import { newIdempotencyKey } from "../../../lib/idempotency";
import { sentence } from "../../../lib/sentence";
import { useToast } from "../../../toast/use-toast";
import { CustomerFormModal } from "../customers/CustomerFormModal";
import { customerQueryKey, useCustomer } from "../customers/customers-api";
import Container from "@cloudscape-design/components/container";
import { NICKNAME_REQUIRED } from "@regrip/core/shared/paddles";
import { completeText, HowToPay, paymentFields, paymentProblem, saleEndPath, startPayment, type SalePaymentChoice } from "../counter-sale/HowToPay";
import { SaleBagField, useSaleBag } from "../counter-sale/SaleBagField";
import { chosenPaddleText, defaultPaddleId, SalePaddlePicker, useSalePaddleIds, type NewPaddleFields } from "../counter-sale/SalePaddlePicker";
import { useCustomerPaddles } from "../counter-sale/counter-sale-api";
import { CounterShopSelect, useCounterShop } from "../CounterShopSelect";
import { useCounterMoneySettings } from "../settings/money-api";
import { CartBar, CartLines, OrderSummary, Totals, type LineStock } from "./OrderSummary";
import { ProductCatalogue, type StockNotice } from "./ProductCatalogue";
import { createInvoice, useStorefrontProducts } from "./storefront-api";
import { MemberBadge, type MemberCustomer } from "../customers/MemberBadge";
import { coveredLineId, memberCartTotals, usableCartPoints } from "./member-cart";
import { useStorefrontCart } from "./use-storefront-cart";
import "./storefront.css";
import { ConfirmModal } from "../FormModal";

/** One of the page's four error views: a heading, a line, and the way on. */
function Problem({ title, text, action, level = "h1" }: { title: string; text?: string; action: React.ReactNode; level?: "h1" | "h2" }) {
  return (
    <Box textAlign="center" padding={{ vertical: "xxl" }}>
      <SpaceBetween size="m">
        <Header variant={level}>{title}</Header>
        {text && <Box color="text-body-secondary">{text}</Box>}
        <div>{action}</div>
      </SpaceBetween>
    </Box>
  );
}

/** /storefrontbooking/:customerId: build the customer's order at the counter and text them the payment link. */
export default function StorefrontBookingPage() {
  const { customerId = "" } = useParams();
  const navigate = useNavigate();
  const back = <Button onClick={() => navigate("/storefront")}>Return to Storefront</Button>;
  const customer = useCustomer(customerId || undefined);

  if (!customerId) return <Problem title="No customer selected" text="Choose or create a customer first." action={back} />;
  if (customer.isPending) return <Spinner size="large" />;
  if (customer.isError) {
    return errorStatus(customer.error) === 404 ? (
      <Problem title={CUSTOMER_NOT_FOUND} text="This customer does not exist or was removed." action={back} />
    ) : (
      <Problem title="Error" text={serverMessage(customer.error) ?? "Failed to fetch customer"} action={<SpaceBetween direction="horizontal" size="xs">{back}<Button onClick={() => void customer.refetch()}>Retry</Button></SpaceBetween>} />
    );
  }
  return <Booking key={customerId} customer={customer.data} />;
}

function Booking({ customer }: { customer: MemberCustomer }) {
  const navigate = useNavigate();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const products = useStorefrontProducts();
  const cart = useStorefrontCart(customer.id);
  const [promo, setPromo] = useState<Discount>();
  const [bagNumber, setBagNumber] = useState("");
  const [showBagFormat, setShowBagFormat] = useState(false);
  const bag = useSaleBag(bagNumber);
  // The paddle: a member's covered one first, the customer's paddles on file, or a new one (counter-sale/).
  const [paddleId, setPaddleId] = useState<string | undefined>(() => defaultPaddleId(customer));
  const [paddle, setPaddle] = useState<NewPaddleFields>({ nickname: "", brand: "", model: "" });
  const [nicknameError, setNicknameError] = useState<string>();
  const onFile = useSalePaddleIds(customer)(paddleId);
  const paddlesOnFile = useCustomerPaddles(customer.id).data;
  const [pay, setPay] = useState<SalePaymentChoice>(startPayment);
  const [showPayProblem, setShowPayProblem] = useState(false);
  const paddleRef = useRef<HTMLDivElement>(null);
  const [notes, setNotes] = useState("");
  const [editing, setEditing] = useState(false);
  const [reviewing, setReviewing] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const idempotencyKey = useRef<string>(undefined);
  const [chosenPoints, setChosenPoints] = useState(0);
  const back = <Button onClick={() => navigate("/storefront")}>Return to Storefront</Button>;
  const [notice, setNotice] = useState<StockNotice>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const reviewRef = useRef<HTMLDivElement>(null);
  const reviewInView = useInView(reviewRef);

  // The catalogue as read now: every cart line is held to its product's stock (a cart kept from before may hold more).
  const byId = useMemo(() => new Map((products.data?.groups ?? []).flatMap((group) => group.items).map((item) => [item.id, item])), [products.data]);
  const productOf = (line: Pick<CartLine, "id" | "name">) => byId.get(line.id) ?? { name: line.name, stockQuantity: null };
  // A member's covered core service unit and the customer's points, previewed as the server prices them.
  const coveredId = coveredLineId(cart.items, (id) => byId.get(id)?.category, customer.membership);
  // The counter's shop's sales tax on the goods, as the server adds it (the rates are read from the settings).
  const [shop, setShop] = useCounterShop();
  const rates = useCounterMoneySettings().data?.taxRateBps;
  const tax = { taxRateBps: rates?.[shop] ?? 0, isTaxable: (id: string) => !!byId.get(id)?.taxable };
  const dueCents = memberCartTotals(cart.items, promo, coveredId, 0, tax).totalCents;
  const points = usableCartPoints(chosenPoints, customer.points ?? 0, dueCents);
  const totals = memberCartTotals(cart.items, promo, coveredId, points, tax);
  const quantityOf = (id: string) => cart.items.find((line) => line.id === id)?.quantity ?? 0;
  const stock: LineStock = {
    limitOf: (id) => (byId.has(id) ? cartLimit(byId.get(id)!) : MAX_LINE_QUANTITY),
    problemOf: (id) => {
      const line = cart.items.find((each) => each.id === id);
      const own = line ? quantityRefusal(productOf(line), line.quantity) : null;
      if (own) return { message: own, over: true };
      return notice?.from === "cart" && notice.id === id ? { message: notice.message, over: false } : undefined;
    },
  };

  function add(item: StorefrontProduct) {
    const refusal = quantityRefusal(item, quantityOf(item.id) + 1);
    setNotice(refusal ? { id: item.id, message: refusal, from: "card" } : undefined);
    if (!refusal) cart.add({ id: item.id, name: item.name, description: variantLabel(item) || null, price: item.price });
  }

  /** A quantity above the stock is refused with the variant named, and the line holds what there is. */
  function setQuantity(id: string, quantity: number) {
    const line = cart.items.find((each) => each.id === id);
    const refusal = line ? quantityRefusal(productOf(line), quantity) : null;
    setNotice(refusal ? { id, message: refusal, from: "cart" } : undefined);
    if (!refusal) return cart.setQuantity(id, quantity);
    const limit = stock.limitOf(id);
    if (limit > 0) cart.setQuantity(id, limit);
  }

  function toSummary() {
    summaryRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
    summaryRef.current?.focus({ preventScroll: true });
  }

  function review() {
    const tooMany = cart.items.map((line) => quantityRefusal(productOf(line), line.quantity)).find(Boolean);
    if (tooMany) {
      toast({ title: "Not enough stock", description: tooMany, variant: "destructive" });
      return;
    }
    if (!onFile && !paddle.nickname.trim()) {
      setNicknameError(NICKNAME_REQUIRED);
      paddleRef.current?.scrollIntoView({ behavior: "smooth", block: "start" });
      toast({ title: "Which paddle?", description: NICKNAME_REQUIRED, variant: "destructive" });
      return;
    }
    if (bag.refusal) {
      setShowBagFormat(true);
      toast({ title: "Check the bag number", description: bag.refusal, variant: "destructive" });
      return;
    }
    idempotencyKey.current ??= newIdempotencyKey();
    setReviewing(true);
  }

  async function submit() {
    const owes = totals.totalCents > 0;
    if (owes && paymentProblem(customer, pay)) return setShowPayProblem(true);
    const request = z.parse(StorefrontInvoice, {
      customerId: customer.id,
      bagNumber: bagNumber.trim() || undefined,
      ...(onFile ? { paddleId } : { paddle: { nickname: paddle.nickname, brand: paddle.brand.trim() || undefined, model: paddle.model.trim() || undefined } }),
      ...(owes ? paymentFields(pay) : { payment: "counter" }),
      myGripNotes: notes.trim() || undefined,
      items: cart.items.map((line) => ({ id: line.id, quantity: line.quantity })),
      promoCode: promo?.code,
      shop,
    });
    const body = points > 0 ? { ...request, redeemPoints: points } : request;
    setSubmitting(true);
    try {
      const created = await createInvoice(body, idempotencyKey.current ?? newIdempotencyKey());
      idempotencyKey.current = undefined;
      cart.clear();
      void queryClient.invalidateQueries({ queryKey: ["/api/storefront/products"] });
      const balance = created.order.bill.balanceCents > 0;
      const bagSaid = created.order.bagNumber ? ` in bag ${created.order.bagNumber}${created.bagAssigned ? " (assigned)" : ""}` : "";
      toast(
        !balance || pay.payment === "counter" || created.smsStatus.success
          ? { title: "Order Created", description: `Order ${created.reference}${bagSaid}. ${!balance ? "Nothing to pay." : pay.payment === "counter" ? "Take the payment now." : `Payment link texted to ${displayPhone(customer.phone)}.`}` }
          : { title: "Order Created, the link was not texted", description: `Order ${created.reference}${bagSaid}. ${sentence(created.smsStatus.message)} Take the payment, or send the link again from Take Payment.`, variant: "destructive" },
      );
      // The sale ends with the money: on the order, its payment dialog open when it is taken at the counter.
      navigate(saleEndPath(created.orderId, pay, balance));
    } catch (error) {
      toast({ title: "Error", description: serverMessage(error) ?? "Failed to create order", variant: "destructive" });
    } finally {
      setSubmitting(false);
    }
  }

  const header = (
    <Header
      variant="h1"
      description={
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          <span>{[displayPhone(customer.phone) || "No phone", customer.email].filter(Boolean).join(" · ")}</span>
          <MemberBadge membership={customer.membership} />
          {(customer.points ?? 0) > 0 && <span>{`${(customer.points ?? 0).toLocaleString("en-US")} points`}</span>}
        </SpaceBetween>
      }
      actions={
        <SpaceBetween direction="horizontal" size="xs" alignItems="end">
          <CounterShopSelect shop={shop} onChange={setShop} />
          <Button iconName="arrow-left" onClick={() => navigate("/storefront")}>
            Back
          </Button>
          <Button iconName="edit" onClick={() => setEditing(true)}>
            Edit Customer
          </Button>
        </SpaceBetween>
      }
    >
      {customerName(customer)}
    </Header>
  );

  let catalogue: React.ReactNode;
  if (products.isPending) catalogue = <Spinner size="large" />;
  else if (products.isError) catalogue = <Problem level="h2" title="Error loading products" text={serverMessage(products.error) ?? "The catalogue could not be loaded."} action={back} />;
  else if (products.data.groups.every((group) => group.items.length === 0))
    catalogue = <Problem level="h2" title="No products available" text="Nothing in the catalogue is visible right now." action={<Button onClick={() => void products.refetch()}>Retry</Button>} />;
  else
    catalogue = (
      <ProductCatalogue groups={products.data.groups} inCart={quantityOf} notice={notice} onAdd={add} />
    );

  return (
    <ContentLayout header={header}>
      <SpaceBetween size="l">
      <div ref={paddleRef} className="storefront-paddle" tabIndex={-1}>
        <Container header={<Header variant="h2" description="The paddle this order is for: it goes in the order's bag.">Paddle</Header>}>
          <SalePaddlePicker
            customer={customer}
            paddleId={paddleId}
            onPaddleId={(id) => {
              setPaddleId(id);
              setNicknameError(undefined);
            }}
            paddle={paddle}
            onPaddle={(fields) => {
              setPaddle(fields);
              setNicknameError(undefined);
            }}
            nicknameError={nicknameError}
          />
        </Container>
      </div>
      {/* Side by side from the s breakpoint (912 px of content: a 1280 px screen with the navigation open), stacked on phones. */}
      <Grid gridDefinition={[{ colspan: { default: 12, s: 7 } }, { colspan: { default: 12, s: 5 } }]}>
        <div>{catalogue}</div>
        <div className="storefront-summary" ref={summaryRef} tabIndex={-1} aria-label="Order summary" role="region">
          <OrderSummary
            items={cart.items}
            totals={totals}
            coveredId={coveredId}
            pointsBalance={customer.points ?? 0}
            points={points}
            dueCents={dueCents}
            onPoints={setChosenPoints}
            promo={promo}
            bagField={
              <SaleBagField
                bag={bag}
                showFormat={showBagFormat}
                onChange={(value) => {
                  setBagNumber(value);
                  setShowBagFormat(false);
                }}
              />
            }
            notes={notes}
            onQuantity={setQuantity}
            onRemove={(id) => {
              setNotice(undefined);
              cart.remove(id);
            }}
            stock={stock}
            reviewRef={reviewRef}
            onPromo={setPromo}
            onNotes={setNotes}
            onReview={review}
          />
        </div>
      </Grid>
      </SpaceBetween>
      {/* Room below the summary, so the bar never covers its end. Always there: were it to go with the bar, the page
          would grow shorter as Review Order came into view, and at the page's end the button would jump under the finger. */}
      <div className="storefront-cart-bar-space" aria-hidden="true" />
      {!reviewInView && <CartBar count={cartCount(cart.items)} totalCents={totals.totalCents} onReview={toSummary} />}
      {editing && (
        <CustomerFormModal
          mode="storefront-edit"
          customer={customer}
          onDismiss={() => setEditing(false)}
          onSaved={(saved) => {
            queryClient.setQueryData(customerQueryKey(saved.id), saved);
            setEditing(false);
          }}
        />
      )}
      {reviewing && (
        <ConfirmModal
          size="medium"
          header="Review Order"
          confirm={completeText(pay, totals.totalCents > 0)}
          cancel="Back"
          busy={submitting}
          onCancel={() => setReviewing(false)}
          onConfirm={() => void submit()}
        >
          <SpaceBetween size="l">
            <Box>
              {`${[customerName(customer), displayPhone(customer.phone)].filter(Boolean).join(" · ")} · ${chosenPaddleText(customer, paddleId, paddle, paddlesOnFile)} · ${bagNumber.trim() ? `Bag ${bagNumber.trim()}` : "A free bag, assigned on the order"}`}
            </Box>
            <CartLines items={cart.items} coveredId={coveredId} />
            <Totals totals={totals} promoCode={promo?.code} points={points} />
            {notes.trim() && <Box color="text-body-secondary">{`Technician notes: ${notes.trim()}`}</Box>}
            {totals.totalCents > 0 && (
              <HowToPay
                customer={customer}
                choice={pay}
                showProblem={showPayProblem}
                onChange={(choice) => {
                  setPay(choice);
                  setShowPayProblem(false);
                }}
              />
            )}
            <Box fontSize="body-s" color="text-body-secondary">
              The server prices the order.
            </Box>
          </SpaceBetween>
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}

/**
 * Whether the element is on the screen: the sticky cart bar shows while the summary's own Review Order button is
 * out of view (on a phone, below the whole catalogue), and hides when it is there (beside the catalogue on a wide
 * screen, or scrolled to). Without IntersectionObserver, never in view: the bar stays.
 */
function useInView(ref: React.RefObject<HTMLElement | null>): boolean {
  const [inView, setInView] = useState(false);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const box = element.getBoundingClientRect();
    setInView(box.height > 0 && box.top < window.innerHeight && box.bottom > 0);
  }, [ref]);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setInView(entry.isIntersecting));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return inView;
}
