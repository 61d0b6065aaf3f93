import { useCollection } from "@cloudscape-design/collection-hooks";
import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import type { PartnerAdminView } from "@regrip/core/shared/schedule";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { errorStatus, failureMessage, serverMessage } from "../../../lib/api-error";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import "../console.css";
import { activeColumn, editDeleteColumn } from "../AdminColumns";
import { ConfirmModal } from "../FormModal";
import { LoadFailed } from "../LoadFailed";
import { TwoLines } from "../TwoLines";
import { useActionsInReach } from "../use-narrow";
import { PartnerFormModal } from "./PartnerFormModal";
import { deletePartner, listPartners, partnerKeys, updatePartner } from "./partners-api";

type Dialog = { kind: "create" } | { kind: "edit"; partner: PartnerAdminView } | { kind: "delete"; partner: PartnerAdminView } | null;

const dash = <Box color="text-status-inactive">—</Box>;

/** /admin/partners: the partner clubs, add, edit, active or not, delete. Admins only. */
export default function PartnersPage() {
  usePageMeta("Partners", "The partner clubs where onsite gripping days and delivery runs go.");
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  /** Why the delete was refused (a partner with upcoming events): shown in the dialog, with the way out. */
  const [deleteRefusal, setDeleteRefusal] = useState<string>();
  const list = useQuery({ queryKey: partnerKeys.all, queryFn: listPartners, refetchOnMount: "always" });
  const { items, collectionProps } = useCollection(list.data?.items ?? [], {
    sorting: { defaultState: { sortingColumn: { sortingField: "name" } } },
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: partnerKeys.all });
  const close = () => {
    setDialog(null);
    setDeleteRefusal(undefined);
  };

  const toggle = useMutation({
    mutationFn: ({ partner, isActive }: { partner: PartnerAdminView; isActive: boolean }) => updatePartner(partner.locationKey, { isActive }),
    onSuccess: (saved) => {
      toast({ title: "Partner Updated", description: `${saved.name} is ${saved.isActive ? "active" : "inactive"}` });
      refresh();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Failed to update partner", description: failureMessage(error), variant: "destructive" });
      refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (partner: PartnerAdminView) => deletePartner(partner.locationKey),
    onSuccess: (_, partner) => {
      toast({ title: "Partner Deleted", description: partner.name });
      close();
      refresh();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      const message = serverMessage(error) ?? "Failed to delete partner";
      setDeleteRefusal(message);
      if (errorStatus(error) !== 409) toast({ title: "Failed to delete partner", description: message, variant: "destructive" });
      refresh();
    },
  });

  const deactivate = useMutation({
    mutationFn: (partner: PartnerAdminView) => updatePartner(partner.locationKey, { isActive: false }),
    onSuccess: (saved) => {
      toast({ title: "Partner Updated", description: `${saved.name} is inactive` });
      close();
      refresh();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      setDeleteRefusal(serverMessage(error) ?? "Failed to update partner");
    },
  });

  const columns: TableProps.ColumnDefinition<PartnerAdminView>[] = [
    { id: "name", header: "Name", cell: (p) => <TwoLines first={<b>{p.name}</b>} second={p.locationKey} />, sortingField: "name", minWidth: 170 },
    { id: "address", header: "Address", cell: (p) => p.address ?? dash, minWidth: 160, maxWidth: 240 },
    { id: "phone", header: "Phone", cell: (p) => (p.phone ? <span className="console-nowrap">{p.phone}</span> : dash), minWidth: 110 },
    { id: "contact", header: "Contact", cell: (p) => (p.contactPerson || p.email ? <TwoLines first={p.contactPerson ?? "—"} second={p.email ?? ""} /> : dash), minWidth: 150 },
    {
      id: "upcoming",
      header: "Upcoming events",
      cell: (p) => p.upcomingEvents,
      sortingField: "upcomingEvents",
      minWidth: 100,
    },
    activeColumn((p) => p.name, {
      busy: (p) => toggle.isPending && toggle.variables?.partner.locationKey === p.locationKey,
      change: (p, isActive) => toggle.mutate({ partner: p, isActive }),
    }),
    editDeleteColumn(
      (p) => p.name,
      (p) => setDialog({ kind: "edit", partner: p }),
      (p) => setDialog({ kind: "delete", partner: p }),
    ),
  ];
  // On a phone: the club, then Edit and Delete, then the Active toggle, so none starts off-screen (use-narrow.ts).
  const inReach = useActionsInReach(columns, ["name", "actions", "active", "upcoming"]);

  const create = (
    <Button variant="primary" onClick={() => setDialog({ kind: "create" })}>
      Add Partner
    </Button>
  );

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="The clubs where the shop holds onsite gripping days and delivers finished paddles. A club with upcoming events can be deactivated, not deleted.">
          Partners
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LoadFailed query={list} header="Failed to load partners" />
        <Table
          {...collectionProps}
          variant="container"
          ariaLabels={{ tableLabel: "Partners" }}
          header={
            <Header variant="h2" counter={list.data ? `(${list.data.items.length})` : undefined} actions={create}>
              Partner clubs
            </Header>
          }
          {...inReach}
          wrapLines
          items={items}
          trackBy="locationKey"
          loading={list.isPending}
          loadingText="Loading partners"
          empty={
            <Box textAlign="center" color="inherit" padding="m">
              <SpaceBetween size="s">
                <span>{list.isError ? "No partners to show." : "No partner clubs yet."}</span>
                {!list.isError && create}
              </SpaceBetween>
            </Box>
          }
        />
      </SpaceBetween>

      {(dialog?.kind === "create" || dialog?.kind === "edit") && (
        <PartnerFormModal
          partner={dialog.kind === "edit" ? dialog.partner : undefined}
          onDismiss={close}
          onSaved={() => {
            close();
            refresh();
          }}
        />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmModal
          header="Delete Partner"
          confirm="Delete"
          busy={remove.isPending || deactivate.isPending}
          onCancel={close}
          onConfirm={() => remove.mutate(dialog.partner)}
        >
          <SpaceBetween size="m">
            <span>
              Delete <b>{dialog.partner.name}</b> ({dialog.partner.locationKey})? Customers can no longer choose the club. This cannot be undone.
            </span>
            {deleteRefusal && (
              <Alert
                type="error"
                header="Not deleted"
                action={
                  dialog.partner.isActive ? (
                    <Button onClick={() => deactivate.mutate(dialog.partner)} loading={deactivate.isPending}>
                      Deactivate Instead
                    </Button>
                  ) : undefined
                }
              >
                {deleteRefusal}
              </Alert>
            )}
          </SpaceBetween>
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}
