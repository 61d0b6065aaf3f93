import AppLayout from "@cloudscape-design/components/app-layout";
import Badge from "@cloudscape-design/components/badge";
import Flashbar, { type FlashbarProps } from "@cloudscape-design/components/flashbar";
import SideNavigation from "@cloudscape-design/components/side-navigation";
import Spinner from "@cloudscape-design/components/spinner";
import { Suspense, useContext, useEffect, useState, useSyncExternalStore } from "react";
import { Outlet, useLocation, useNavigate } from "react-router";
import { consoleRoutes } from "../../app/routes";
import { useCurrentUser } from "../../auth/current-user";
import { ErrorBoundary } from "../../components/ErrorBoundary";
import { ErrorScreen } from "../../components/ErrorScreen";
import { ToastContext } from "../../toast/toast-context";
import { activeNavHref, consoleNavItems } from "./console-nav";
import { useUnreadConversations } from "./messages/messages-api";
import "./console.css";

/** Cloudscape's mobile breakpoint: below it the navigation is a drawer over the page. */
const desktop = "(min-width: 689px)";

/** The app's toasts as one Flashbar message (one at a time, the newest; the store keeps them so). */
function useFlashItems(): FlashbarProps.MessageDefinition[] {
  const store = useContext(ToastContext);
  useEffect(() => store.showElsewhere(), [store]);
  const current = useSyncExternalStore(store.subscribe, store.current, store.current);
  if (!current) return [];
  return [
    {
      id: String(current.id),
      type: current.variant === "destructive" ? "error" : "success",
      header: current.title,
      content: current.description,
      dismissible: true,
      dismissLabel: "Dismiss notification",
      onDismiss: () => store.dismiss(current.id),
    },
  ];
}

/** The side navigation's count beside Messages, read out as what it counts. */
function UnreadBadge({ count }: { count: number }) {
  return (
    <Badge color="red">
      <span aria-hidden="true">{count}</span>
      <span className="visually-hidden">{unreadWords(count)}</span>
    </Badge>
  );
}

/** The count as the menu button shows it. */
const shortCount = (count: number) => (count > 99 ? "99+" : String(count));
const unreadWords = (count: number) => `${count} unread ${count === 1 ? "conversation" : "conversations"}`;

/**
 * The unread count on the menu button that opens the closed navigation (a phone's, or a computer's with the
 * navigation closed): console.css draws it from `--console-unread` on the page's root while there are unread texts.
 */
function useUnreadOnMenuButton(unread: number) {
  useEffect(() => {
    const root = document.documentElement;
    if (unread <= 0) return;
    root.classList.add("console-unread");
    root.style.setProperty("--console-unread", JSON.stringify(shortCount(unread)));
    return () => {
      root.classList.remove("console-unread");
      root.style.removeProperty("--console-unread");
    };
  }, [unread]);
}

/**
 * The staff console's frame: side navigation by role, the Flashbar, and the page. The staff guard is outside
 * (ConsoleShell). Cloudscape's global-styles are not imported: their fonts are data: URLs, which the site's CSP
 * (font-src 'self') refuses; the console uses the system font.
 */
export default function ConsoleLayout() {
  const { data: user } = useCurrentUser();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const [navigationOpen, setNavigationOpen] = useState(() => window.matchMedia(desktop).matches);
  // Messages carries the count of conversations with unread texts, read again every little while.
  const unread = useUnreadConversations(Boolean(user));
  const items = consoleNavItems(consoleRoutes, user).map((item) => (item.href === "/messages" && unread > 0 ? { ...item, info: <UnreadBadge count={unread} /> } : item));
  const flash = useFlashItems();
  useUnreadOnMenuButton(unread);

  return (
    <AppLayout
      headerSelector=".site-header"
      toolsHide
      navigationOpen={navigationOpen}
      onNavigationChange={({ detail }) => setNavigationOpen(detail.open)}
      navigation={
        <SideNavigation
          header={{ text: "Staff Console", href: "/queue" }}
          activeHref={activeNavHref(pathname, items)}
          items={items}
          onFollow={(event) => {
            if (event.detail.external) return;
            event.preventDefault();
            navigate(event.detail.href);
            if (!window.matchMedia(desktop).matches) setNavigationOpen(false);
          }}
        />
      }
      notifications={<Flashbar items={flash} />}
      stickyNotifications
      ariaLabels={{
        navigation: "Console navigation",
        navigationClose: "Close navigation",
        // The count is in the button's name too: its picture (console.css) is for the eye only.
        navigationToggle: unread > 0 ? `Open navigation, ${unreadWords(unread)}` : "Open navigation",
        notifications: "Notifications",
      }}
      content={
        <ErrorBoundary key={pathname} fallback={<ErrorScreen />}>
          <Suspense fallback={<Spinner size="large" />}>
            <Outlet />
          </Suspense>
        </ErrorBoundary>
      }
    />
  );
}
