import Alert from "@cloudscape-design/components/alert";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import type { ReactNode } from "react";
import { useCurrentUser } from "../../auth/current-user";
import { isAdmin } from "../../auth/roles";
import { usePageMeta } from "../../lib/page-meta";

/** What an admin-only page says to other staff (the spec's words). */
const ADMIN_PANEL_DENIED = "You don't have permission to access the admin panel.";

/** The page's refusal under its own heading (also for a 403 from the server). */
export function AdminDenied({ title, message = ADMIN_PANEL_DENIED }: { title: string; message?: string }) {
  usePageMeta(title, message);
  return (
    <ContentLayout header={<Header variant="h1">{title}</Header>}>
      <Alert type="error" header="Access denied">
        {message}
      </Alert>
    </ContentLayout>
  );
}

/**
 * An admin page: an employee who opens it reads why they may not, under the page's
 * heading, and the page itself (and its calls to the admin routes) never renders. The console's staff guard has
 * already turned away anyone who is not staff; the server refuses the calls in any case.
 */
export function AdminOnly({ title, message, children }: { title: string; message?: string; children: ReactNode }) {
  const { data: user } = useCurrentUser();
  // The console checked staff already; the user is known by now (undefined only for a moment on a refetch).
  if (user === undefined) return null;
  return isAdmin(user) ? <>{children}</> : <AdminDenied title={title} message={message} />;
}
