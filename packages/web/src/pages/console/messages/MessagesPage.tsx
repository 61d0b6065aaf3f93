import Alert from "@cloudscape-design/components/alert";
import Badge from "@cloudscape-design/components/badge";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Container from "@cloudscape-design/components/container";
import ContentLayout from "@cloudscape-design/components/content-layout";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import SegmentedControl from "@cloudscape-design/components/segmented-control";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Spinner from "@cloudscape-design/components/spinner";
import StatusIndicator, { type StatusIndicatorProps } from "@cloudscape-design/components/status-indicator";
import Textarea from "@cloudscape-design/components/textarea";
import TextFilter from "@cloudscape-design/components/text-filter";
import {
  REPLY_MAX_LENGTH,
  type AutomaticResponse,
  type ConversationView,
  type InboxMessageView,
  type InboxOrderView,
  type ThreadPage,
} from "@regrip/core/shared/inbox";
import { ReplyInput } from "@regrip/core/shared/inbox-input";
import { isSearchable, SEARCH_HINT } from "@regrip/core/shared/customers";
import { displayPhone } from "@regrip/core/shared/phone";
import { useInfiniteQuery, useQuery, useQueryClient, type InfiniteData } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import * as z from "zod/mini";
import { isUnauthorizedError } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import "../console.css";
import { LoadFailed } from "../LoadFailed";
import { orderDate, orderDateTitle, orderPickupDay } from "../orders-format";
import { CursorPagination } from "../TablePaging";
import { useCursorPages } from "../use-cursor-pages";
import { useDebounced } from "../use-debounced";
import { useNarrow } from "../use-narrow";
import { CustomerLink } from "../customers/CustomerLink";
import { INBOX_POLL_MS, inboxKeys, listConversations, markRead, sendReply, THREAD_POLL_MS, threadPage, type ConversationFilter } from "./messages-api";
import "./messages.css";

/** Who a conversation is with: the customer's name, else the number as the shop writes it. */
function conversationName(conversation: ConversationView): string {
  const name = [conversation.customer?.firstName, conversation.customer?.lastName].filter(Boolean).join(" ").trim();
  return name || displayPhone(conversation.phoneNumber);
}

/** The rule that answered by itself, in the words a customer texts. */
const ruleWords: Record<AutomaticResponse, string> = { status: "STATUS", hours: "HOURS / WHERE", help: "HELP" };

const deliveryType: Record<string, StatusIndicatorProps.Type> = { sent: "success", delivered: "success", failed: "error", blocked: "error" };
const words = (value: string) => value.replace(/_/g, " ").replace(/^\w/, (c) => c.toUpperCase());

/** Replies will not reach a number that texted STOP (shared/inbox.ts's `optedOut`). */
export const OPTED_OUT_NOTICE = "This number replied STOP: replies will not be sent until the customer texts START.";

/** The shared inbox, newest first: an Unread filter, a search, cursor pages. Each row opens its thread. */
function ConversationList({ selected }: { selected?: string }) {
  const [show, setShow] = useState<"all" | "unread">("all");
  const [search, setSearch] = useState("");
  // The server searches from 3 characters (names, a number's first or last digits); shorter, the list stays whole.
  const typed = useDebounced(search.trim(), 300);
  const q = isSearchable(typed) ? typed : "";
  const filter: ConversationFilter = { unread: show === "unread", q };
  const filterKey = JSON.stringify(filter);
  const pages = useCursorPages(`conversations:${filterKey}`);
  const list = useQuery({
    queryKey: inboxKeys.page(filter, pages.cursor),
    queryFn: () => listConversations(filter, pages.cursor),
    refetchOnMount: "always",
    refetchInterval: INBOX_POLL_MS,
    placeholderData: (previous, previousQuery) => (JSON.stringify(previousQuery?.queryKey[2]) === filterKey ? previous : undefined),
  });
  useEffect(() => {
    if (list.data) pages.learn(pages.pageIndex, list.data.cursor);
  }, [list.data, pages.pageIndex, pages.learn]);
  const items = list.data?.items ?? [];

  return (
    <Container
      className="messages-list"
      header={
        <Header variant="h2" counter={list.data ? `(${list.data.unreadConversations} unread)` : undefined} actions={<CursorPagination pages={pages} />}>
          Conversations
        </Header>
      }
      disableContentPaddings
    >
      <div className="messages-list-filters">
        <SegmentedControl
          label="Show"
          selectedId={show}
          onChange={({ detail }) => setShow(detail.selectedId as "all" | "unread")}
          options={[
            { id: "all", text: "All" },
            { id: "unread", text: "Unread" },
          ]}
        />
        <TextFilter
          filteringText={search}
          onChange={({ detail }) => setSearch(detail.filteringText)}
          filteringPlaceholder="Name or number"
          filteringAriaLabel="Search conversations"
          filteringClearAriaLabel="Clear the search"
          countText={search.trim() && !isSearchable(search) ? SEARCH_HINT : undefined}
        />
      </div>
      <LoadFailed query={list} header="The conversations could not be read" />
      {list.isPending ? (
        <Box padding="m" textAlign="center">
          <Spinner /> Loading conversations
        </Box>
      ) : items.length === 0 && !list.isError ? (
        <Box padding="m" textAlign="center" color="text-status-inactive">
          {q ? "No conversations match." : show === "unread" ? "No unread conversations." : "No texts from customers yet."}
        </Box>
      ) : (
        <ul className="messages-rows" aria-label="Conversations">
          {items.map((conversation) => (
            <li key={conversation.id}>
              <ConversationRow conversation={conversation} selected={conversation.id === selected} />
            </li>
          ))}
        </ul>
      )}
    </Container>
  );
}

function ConversationRow({ conversation, selected }: { conversation: ConversationView; selected: boolean }) {
  const name = conversationName(conversation);
  return (
    <Link to={`/messages/${conversation.id}`} className="messages-row" aria-current={selected ? "page" : undefined}>
      <span className="messages-row-top">
        <span className={conversation.unread > 0 ? "messages-row-name messages-unread" : "messages-row-name"}>{name}</span>
        <time className="messages-row-time" dateTime={conversation.lastMessageAt} title={orderDateTitle(conversation.lastMessageAt)}>
          {orderDate(conversation.lastMessageAt)}
        </time>
      </span>
      {conversation.customer && <span className="messages-row-phone">{displayPhone(conversation.phoneNumber)}</span>}
      <span className="messages-row-preview">{conversation.lastMessagePreview}</span>
      {(conversation.unread > 0 || conversation.needsReply || conversation.optedOut) && (
        <span className="messages-row-marks">
          {conversation.unread > 0 && <Badge color="red">{`${conversation.unread} unread`}</Badge>}
          {conversation.needsReply && <Badge color="blue">Needs reply</Badge>}
          {conversation.optedOut && <Badge color="grey">Replied STOP</Badge>}
        </span>
      )}
    </Link>
  );
}

/** Who wrote a message of the thread, in the thread's own words. */
function author(message: InboxMessageView, conversation: ConversationView): string {
  if (message.direction === "inbound") return conversation.customer?.firstName || displayPhone(conversation.phoneNumber);
  if (message.automaticResponse) return `Automatic answer (${ruleWords[message.automaticResponse]})`;
  if (message.sentBy) return `Reply by ${message.sentBy}`;
  return "Sent by the shop";
}

function Delivery({ message }: { message: InboxMessageView }) {
  const failed = deliveryType[message.status] === "error";
  return (
    <StatusIndicator type={deliveryType[message.status] ?? "pending"}>
      {failed ? "Failed" : words(message.status)}
      {failed && message.error ? `: ${message.error}` : ""}
    </StatusIndicator>
  );
}

function MessageBubble({ message, conversation }: { message: InboxMessageView; conversation: ConversationView }) {
  const outbound = message.direction === "outbound";
  const kind = outbound ? (message.automaticResponse ? "automatic" : "outbound") : "inbound";
  return (
    <li className={`message message-${kind}`}>
      <span className="message-meta">
        <span className="message-author">{author(message, conversation)}</span>
        {" · "}
        <time dateTime={message.createdAt} title={orderDateTitle(message.createdAt)}>
          {orderDate(message.createdAt)}
        </time>
      </span>
      <span className="message-body">{message.body}</span>
      {outbound && <Delivery message={message} />}
    </li>
  );
}

/** The reply box: ReplyInput's words under the field, the count against 1,600, one send at a time. */
function ReplyBox({ conversation, onSent }: { conversation: ConversationView; onSent: (message: InboxMessageView) => void }) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string>();
  const [sending, setSending] = useState(false);
  // A second click before React has drawn the busy button must not send the reply twice.
  const inFlight = useRef(false);

  const submit = async () => {
    if (inFlight.current) return;
    const parsed = z.safeParse(ReplyInput, { message: text });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    inFlight.current = true;
    setSending(true);
    setError(undefined);
    try {
      const answer = await sendReply(conversation.id, parsed.data.message);
      setText("");
      onSent(answer.message);
    } catch (failure) {
      if (!isUnauthorizedError(failure)) setError(serverMessage(failure) ?? "The reply could not be sent. Please try again.");
    } finally {
      inFlight.current = false;
      setSending(false);
    }
  };

  if (conversation.optedOut) return <Alert type="warning">{OPTED_OUT_NOTICE}</Alert>;
  return (
    <form
      aria-label="Reply"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <SpaceBetween size="s">
        <FormField label={`Reply to ${conversationName(conversation)}`} errorText={error} constraintText={`${text.length}/${REPLY_MAX_LENGTH} characters`} stretch>
          <Textarea
            value={text}
            onChange={({ detail }) => {
              setText(detail.value);
              if (error && detail.value.trim().length <= REPLY_MAX_LENGTH) setError(undefined);
            }}
            rows={3}
            placeholder="Write a text to the customer"
            disabled={sending}
          />
        </FormField>
        <Box float="right">
          <Button variant="primary" formAction="submit" loading={sending} disabled={sending}>
            Send
          </Button>
        </Box>
      </SpaceBetween>
    </form>
  );
}

function CustomerPanel({ conversation, orders }: { conversation: ConversationView; orders: InboxOrderView[] }) {
  const { customer } = conversation;
  return (
    <SpaceBetween size="l">
      <Container header={<Header variant="h2">Customer</Header>}>
        {customer ? (
          <dl className="messages-details">
            <dt>Name</dt>
            <dd>
              <CustomerLink id={customer.userId}>{[customer.firstName, customer.lastName].filter(Boolean).join(" ") || "Customer page"}</CustomerLink>
            </dd>
            <dt>Phone</dt>
            <dd>{displayPhone(conversation.phoneNumber)}</dd>
            {customer.email && (
              <>
                <dt>Email</dt>
                <dd className="messages-email">{customer.email}</dd>
              </>
            )}
          </dl>
        ) : (
          <SpaceBetween size="xs">
            <Box>{displayPhone(conversation.phoneNumber)}</Box>
            <Box color="text-status-inactive">No customer has verified this number.</Box>
          </SpaceBetween>
        )}
        {conversation.optedOut && <StatusIndicator type="warning">Replied STOP</StatusIndicator>}
      </Container>
      <Container header={<Header variant="h2" counter={`(${orders.length})`}>Open orders</Header>}>
        {orders.length === 0 ? (
          <Box color="text-status-inactive">No open orders.</Box>
        ) : (
          <ul className="messages-orders">
            {orders.map((order) => (
              <li key={order.id}>
                <Link to={`/queue/orders/${encodeURIComponent(order.id)}`}>Order {order.reference}</Link>
                <span>
                  {order.bagNumber ? `Bag ${order.bagNumber} · ` : ""}
                  {order.stageLabel}
                </span>
                <span>{orderPickupDay(order)}</span>
                {order.paddle && <span className="messages-order-paddle">{order.paddle}</span>}
              </li>
            ))}
          </ul>
        )}
      </Container>
    </SpaceBetween>
  );
}

/** One conversation: its messages (older pages on demand), the reply box, and beside it the customer and their open orders. */
function Thread({ id, narrow }: { id: string; narrow: boolean }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const thread = useInfiniteQuery({
    queryKey: inboxKeys.thread(id),
    queryFn: ({ pageParam }) => threadPage(id, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.cursor,
    refetchOnMount: "always",
    refetchInterval: THREAD_POLL_MS,
  });
  const newest = thread.data?.pages[0];
  const conversation = newest?.conversation;
  // Pages come newest first, each oldest first within: reversed, the thread reads top to bottom.
  const messages = thread.data ? [...thread.data.pages].reverse().flatMap((page) => page.items) : [];
  const lastId = messages.at(-1)?.id;
  const box = useRef<HTMLDivElement>(null);

  // Opening a thread (and any text arriving while it is open) marks it read; the list and the badge follow.
  const unread = conversation?.unread ?? 0;
  useEffect(() => {
    if (unread === 0) return;
    markRead(id)
      .then(() => queryClient.invalidateQueries({ queryKey: inboxKeys.all, predicate: (query) => query.queryKey[1] !== "thread" }))
      .catch(() => {});
  }, [id, unread, lastId, queryClient]);

  useEffect(() => {
    if (box.current) box.current.scrollTop = box.current.scrollHeight;
  }, [lastId]);

  const sent = (message: InboxMessageView) => {
    queryClient.setQueryData<InfiniteData<ThreadPage, string | null>>(inboxKeys.thread(id), (data) =>
      data ? { ...data, pages: data.pages.map((page, index) => (index === 0 ? { ...page, items: [...page.items, message] } : page)) } : data,
    );
    void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
  };

  const back = narrow && (
    <Button
      variant="link"
      iconName="angle-left"
      href="/messages"
      onFollow={(event) => {
        event.preventDefault();
        navigate("/messages");
      }}
    >
      All conversations
    </Button>
  );

  if (thread.isError) {
    return (
      <div className="messages-thread">
        <SpaceBetween size="s">
          {back}
          {isUnauthorizedError(thread.error) ? null : <LoadFailed query={thread} header="The conversation could not be read" />}
        </SpaceBetween>
      </div>
    );
  }
  if (!conversation) {
    return (
      <div className="messages-thread">
        {back}
        <Box padding="m" textAlign="center">
          <Spinner /> Loading the conversation
        </Box>
      </div>
    );
  }

  const name = conversationName(conversation);
  return (
    <>
      <div className="messages-thread">
        <SpaceBetween size="s">
          {back}
          <Container
            header={
              <Header
                variant="h2"
                description={conversation.customer ? displayPhone(conversation.phoneNumber) : "Unknown number"}
                actions={conversation.customer ? <CustomerLink id={conversation.customer.userId}>Customer page</CustomerLink> : undefined}
              >
                {name}
              </Header>
            }
          >
            <SpaceBetween size="m">
              {thread.hasNextPage && (
                <Button onClick={() => void thread.fetchNextPage()} loading={thread.isFetchingNextPage}>
                  Show older messages
                </Button>
              )}
              <div className="messages-scroll" ref={box} tabIndex={0} role="region" aria-label={`Messages with ${name}`}>
                {messages.length === 0 ? (
                  <Box color="text-status-inactive">No messages yet.</Box>
                ) : (
                  <ol className="messages-thread-list">
                    {messages.map((message) => (
                      <MessageBubble key={message.id} message={message} conversation={conversation} />
                    ))}
                  </ol>
                )}
              </div>
              <ReplyBox key={id} conversation={conversation} onSent={sent} />
            </SpaceBetween>
          </Container>
        </SpaceBetween>
      </div>
      <div className="messages-beside">
        <CustomerPanel conversation={conversation} orders={newest.openOrders} />
      </div>
    </>
  );
}

/**
 * /messages and /messages/{id}: the shop's shared text inbox for staff. On a wide screen the list, the
 * thread and the customer with their open orders sit side by side; on a phone the list and the thread are two
 * views, the thread with its way back.
 */
export default function MessagesPage() {
  usePageMeta("Messages", "Texts from customers and the shop's answers.");
  const { id } = useParams();
  const narrow = useNarrow();
  return (
    <ContentLayout header={<Header variant="h1" description="Texts from customers, newest first. Replies go out as texts from the shop.">Messages</Header>}>
      <div className="messages-frame">
        <div className={id ? "messages messages-open" : "messages"}>
          {(!narrow || !id) && <ConversationList selected={id} />}
          {id ? (
            <Thread key={id} id={id} narrow={narrow} />
          ) : (
            !narrow && (
              <div className="messages-thread">
                <Container>
                  <Box color="text-status-inactive" textAlign="center" padding="l">
                    Choose a conversation to read it and reply.
                  </Box>
                </Container>
              </div>
            )
          )}
        </div>
      </div>
    </ContentLayout>
  );
}
