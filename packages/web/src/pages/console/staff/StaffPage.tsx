import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator, { type StatusIndicatorProps } from "@cloudscape-design/components/status-indicator";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import {
  STAFF_ROLE_WORDS,
  STAFF_STATUS_WORDS,
  staffName,
  type StaffChange,
  type StaffStatus,
  type StaffView,
} from "@regrip/core/shared/staff";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { useCurrentUser } from "../../../auth/current-user";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import "../console.css";
import { ConfirmModal } from "../FormModal";
import { LoadFailed } from "../LoadFailed";
import { orderDate, orderDateTitle } from "../orders-format";
import { TwoLines } from "../TwoLines";
import { useActionsInReach } from "../use-narrow";
import { InviteStaffModal } from "./InviteStaffModal";
import { changeStaff, listStaff, staffKeys } from "./staff-api";

const statusType: Record<StaffStatus, StatusIndicatorProps.Type> = { active: "success", invited: "pending", off: "stopped" };
const CHANGE_FAILED = "Could not change the staff member";
const YOURSELF = "This is you: another admin changes your account.";

type Pending = { person: StaffView; change: StaffChange };

/** What a change does, in words, for its confirmation. */
function changeWords({ person, change }: Pending): { header: string; confirm: string; body: string } {
  const name = staffName(person);
  if (change.active === false) {
    return {
      header: "Switch off",
      confirm: "Switch Off",
      body: `${name} is signed out everywhere at once and can no longer sign in. Their history stays; you can switch them on again.`,
    };
  }
  if (change.active === true) return { header: "Switch on", confirm: "Switch On", body: `${name} can sign in again, as ${STAFF_ROLE_WORDS[person.role]}.` };
  return change.role === "ADMIN"
    ? { header: "Make admin", confirm: "Make Admin", body: `${name} can then open every page, the business pages and the staff included, from their next sign-in.` }
    : { header: "Make employee", confirm: "Make Employee", body: `${name} keeps the queue, the counter, bags and messages, and loses the admin pages at their next request.` };
}

/**
 * /admin/staff: the shop's employees and admins, invited, given a role and switched off or on here. The last active
 * admin's Make Employee and Switch Off are disabled with the reason (the server refuses them too); nobody changes their
 * own account. Admins only (ConsolePage's AdminOnly).
 */
export default function StaffPage() {
  usePageMeta("Staff", "Invite staff, change their role, switch them off.");
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const me = useCurrentUser().data;
  const list = useQuery({ queryKey: staffKeys.all, queryFn: listStaff, refetchOnMount: "always" });
  const [inviting, setInviting] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: staffKeys.all });

  const change = useMutation({
    mutationFn: ({ person, change }: Pending) => changeStaff(person.id, change),
    onSuccess: (person) => {
      setPending(null);
      toast({ title: "Staff member changed", description: `${staffName(person)}: ${STAFF_ROLE_WORDS[person.role]}, ${STAFF_STATUS_WORDS[person.status]}` });
      refresh();
    },
    onError: (error) => {
      setPending(null);
      if (isUnauthorizedError(error)) return;
      toast({ title: CHANGE_FAILED, description: failureMessage(error), variant: "destructive" });
      refresh();
    },
  });

  const actions = (person: StaffView) => {
    const self = person.id === me?.id;
    const locked = self ? YOURSELF : person.lockedReason;
    const off = person.status === "off";
    const roleChange: StaffChange = { role: person.role === "ADMIN" ? "EMPLOYEE" : "ADMIN" };
    // Lowering the last admin and switching them off are what the lock stops; making someone an admin never is.
    const lowers = person.role === "ADMIN";
    return (
      <SpaceBetween size="xxs">
        <SpaceBetween direction="horizontal" size="xs">
          <Button
            disabled={self || (lowers && !!locked)}
            disabledReason={locked ?? undefined}
            ariaLabel={`${person.role === "ADMIN" ? "Make employee" : "Make admin"}: ${staffName(person)}`}
            onClick={() => setPending({ person, change: roleChange })}
          >
            {person.role === "ADMIN" ? "Make Employee" : "Make Admin"}
          </Button>
          <Button
            disabled={self || (!off && !!locked)}
            disabledReason={locked ?? undefined}
            ariaLabel={`${off ? "Switch on" : "Switch off"}: ${staffName(person)}`}
            onClick={() => setPending({ person, change: { active: off } })}
          >
            {off ? "Switch On" : "Switch Off"}
          </Button>
        </SpaceBetween>
        {locked && (
          <Box variant="small" color="text-status-inactive">
            {locked}
          </Box>
        )}
      </SpaceBetween>
    );
  };

  const columns: TableProps.ColumnDefinition<StaffView>[] = [
    { id: "name", header: "Name", isRowHeader: true, minWidth: 160, cell: (p) => <TwoLines first={<b>{staffName(p)}</b>} second={p.email ?? p.username} /> },
    { id: "role", header: "Role", minWidth: 90, cell: (p) => STAFF_ROLE_WORDS[p.role] },
    { id: "status", header: "Status", minWidth: 110, cell: (p) => <StatusIndicator type={statusType[p.status]}>{STAFF_STATUS_WORDS[p.status]}</StatusIndicator> },
    {
      id: "authenticator",
      header: "Two-step sign-in",
      minWidth: 120,
      cell: (p) => (p.authenticator ? "Set up" : p.status === "invited" ? "At first sign-in" : "Not yet"),
    },
    { id: "created", header: "Added", minWidth: 110, cell: (p) => (p.createdAt ? <span title={orderDateTitle(p.createdAt)}>{orderDate(p.createdAt)}</span> : "") },
    { id: "actions", header: "Actions", minWidth: 180, cell: actions },
  ];
  const inReach = useActionsInReach(columns, ["name", "actions", "role", "status"]);
  const invite = (
    <Button variant="primary" onClick={() => setInviting(true)}>
      Invite Staff Member
    </Button>
  );
  const words = pending ? changeWords(pending) : null;

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Who works the shop: invite a person (the email gives them a temporary password), change their role, switch them off when they leave.">
          Staff
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LoadFailed query={list} header="Failed to load the staff" />
        <Table
          variant="container"
          ariaLabels={{ tableLabel: "Staff" }}
          header={
            <Header variant="h2" counter={list.data ? `(${list.data.items.length})` : undefined} actions={invite}>
              Employees and admins
            </Header>
          }
          {...inReach}
          items={list.data?.items ?? []}
          trackBy="id"
          loading={list.isPending}
          loadingText="Loading the staff"
          wrapLines
          empty={<Box textAlign="center">{list.isError ? "No staff to show." : "No staff yet."}</Box>}
        />
      </SpaceBetween>
      {inviting && (
        <InviteStaffModal
          onDismiss={() => setInviting(false)}
          onInvited={() => {
            setInviting(false);
            refresh();
          }}
        />
      )}
      {pending && words && (
        <ConfirmModal header={words.header} confirm={words.confirm} busy={change.isPending} onCancel={() => setPending(null)} onConfirm={() => change.mutate(pending)}>
          {words.body}
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}
