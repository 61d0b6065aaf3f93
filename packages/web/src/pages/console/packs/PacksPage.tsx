import { useCollection } from "@cloudscape-design/collection-hooks";
import Button from "@cloudscape-design/components/button";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import { PACK_UPDATED, type PackView } from "@regrip/core/shared/packs";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import { activeColumn } from "../AdminColumns";
import "../console.css";
import { LoadFailed } from "../LoadFailed";
import { useActionsInReach } from "../use-narrow";
import { PackFormModal } from "./PackFormModal";
import { listPacks, packKeys, updatePack } from "./packs-api";

type Dialog = { kind: "create" } | { kind: "edit"; pack: PackView } | null;

/** /admin/packs: the packs of regrips customers buy on Shop Tools: create, edit, on sale or not. Admins only. */
export default function PacksPage() {
  usePageMeta("Packs", "Packs of regrips customers buy ahead.");
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const list = useQuery({ queryKey: packKeys.all, queryFn: listPacks, refetchOnMount: "always" });
  const { items, collectionProps } = useCollection(list.data?.items ?? [], {
    sorting: { defaultState: { sortingColumn: { sortingField: "createdAt" }, isDescending: true } },
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: packKeys.all });

  const toggle = useMutation({
    mutationFn: ({ pack, isActive }: { pack: PackView; isActive: boolean }) => updatePack(pack.id, { isActive }),
    onSuccess: (saved) => {
      toast({ title: PACK_UPDATED, description: `${saved.name} is ${saved.isActive ? "on sale" : "no longer on sale"}` });
      refresh();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: "Failed to update pack", description: failureMessage(error), variant: "destructive" });
      refresh();
    },
  });

  const columns: TableProps.ColumnDefinition<PackView>[] = [
    { id: "name", header: "Name", cell: (p) => <b>{p.name}</b>, sortingField: "name", minWidth: 120 },
    { id: "terms", header: "Regrips and price", cell: (p) => `${p.regrips} for ${formatCents(p.priceCents)}`, minWidth: 130 },
    { id: "covers", header: "Covers", cell: (p) => p.services.join(", "), minWidth: 160 },
    { id: "valid", header: "Good for", cell: (p) => (p.validDays ? `${p.validDays} days` : "Never expires"), minWidth: 100 },
    activeColumn((p) => p.name, {
      busy: (p) => toggle.isPending && toggle.variables?.pack.id === p.id,
      change: (p, isActive) => toggle.mutate({ pack: p, isActive }),
    }),
    {
      id: "actions",
      header: "Actions",
      cell: (p) => (
        <Button variant="inline-link" ariaLabel={`Edit ${p.name}`} onClick={() => setDialog({ kind: "edit", pack: p })}>
          Edit
        </Button>
      ),
    },
  ];
  const inReach = useActionsInReach(columns, ["name", "actions", "active"]);
  const create = (
    <Button variant="primary" onClick={() => setDialog({ kind: "create" })}>
      Create Pack
    </Button>
  );

  return (
    <ContentLayout
      header={
        <Header variant="h1" description="Customers buy a pack on Shop Tools; each booking of a covered regrip takes one from it, and a cancel gives it back. A pack taken off sale stays good for those who bought it.">
          Packs
        </Header>
      }
    >
      <SpaceBetween size="l">
        <LoadFailed query={list} header="Failed to load packs" />
        <Table
          {...collectionProps}
          variant="container"
          ariaLabels={{ tableLabel: "Packs" }}
          header={
            <Header variant="h2" counter={list.data ? `(${list.data.items.length})` : undefined} actions={create}>
              All packs
            </Header>
          }
          {...inReach}
          items={items}
          loading={list.isPending}
          loadingText="Loading packs"
          empty={
            <SpaceBetween size="s">
              <span>{list.isError ? "No packs to show." : "No packs yet."}</span>
              {!list.isError && create}
            </SpaceBetween>
          }
        />
      </SpaceBetween>
      {dialog && (
        <PackFormModal
          pack={dialog.kind === "edit" ? dialog.pack : undefined}
          onDismiss={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
    </ContentLayout>
  );
}
