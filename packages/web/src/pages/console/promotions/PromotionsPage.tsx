import { useCollection } from "@cloudscape-design/collection-hooks";
import Button from "@cloudscape-design/components/button";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import { promoSummary } from "@regrip/core/shared/promo";
import {
  PROMOTION_DELETE_FAILED,
  PROMOTION_DELETED,
  PROMOTION_UPDATE_FAILED,
  PROMOTION_UPDATED,
  type PromotionAdminView,
} from "@regrip/core/shared/promotions";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import { activeColumn, editDeleteColumn } from "../AdminColumns";
import { orderDate, orderDateTitle } from "../orders-format";
import "../console.css";
import { pagedRows } from "../TablePaging";
import { useCursorPages } from "../use-cursor-pages";
import { useActionsInReach } from "../use-narrow";
import { PromotionFormModal } from "./PromotionFormModal";
import { deletePromotion, listPromotions, promotionKeys, updatePromotion } from "./promotions-api";
import { LoadFailed } from "../LoadFailed";
import { ConfirmModal } from "../FormModal";

type Dialog = { kind: "create" } | { kind: "edit"; promotion: PromotionAdminView } | { kind: "delete"; promotion: PromotionAdminView } | null;

/** /admin/promotions: the list, create, edit, the active toggle and delete. Admins only. */
export default function PromotionsPage() {
  usePageMeta("Promotions", "Promo codes customers and the counter can use.");
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [dialog, setDialog] = useState<Dialog>(null);
  const pages = useCursorPages("promotions");
  const list = useQuery({ queryKey: promotionKeys.page(pages.cursor), queryFn: () => listPromotions(pages.cursor), refetchOnMount: "always", placeholderData: (previous) => previous });
  useEffect(() => {
    if (list.data) pages.learn(pages.pageIndex, list.data.cursor);
  }, [list.data, pages.pageIndex, pages.learn]);
  const { items, collectionProps } = useCollection(list.data?.items ?? [], {
    sorting: { defaultState: { sortingColumn: { sortingField: "createdAt" }, isDescending: true } },
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: promotionKeys.all });

  const toggle = useMutation({
    mutationFn: ({ promotion, isActive }: { promotion: PromotionAdminView; isActive: boolean }) => updatePromotion(promotion.id, { isActive }),
    onSuccess: (saved) => {
      toast({ title: PROMOTION_UPDATED, description: `${saved.code} is ${saved.isActive ? "active" : "inactive"}` });
      refresh();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: PROMOTION_UPDATE_FAILED, description: failureMessage(error), variant: "destructive" });
      refresh();
    },
  });

  const remove = useMutation({
    mutationFn: (promotion: PromotionAdminView) => deletePromotion(promotion.id),
    onSuccess: (_, promotion) => {
      toast({ title: PROMOTION_DELETED, description: promotion.code });
      setDialog(null);
      refresh();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
      toast({ title: PROMOTION_DELETE_FAILED, description: failureMessage(error), variant: "destructive" });
    },
  });

  const columns: TableProps.ColumnDefinition<PromotionAdminView>[] = [
    { id: "code", header: "Code", cell: (p) => <b>{p.code}</b>, sortingField: "code", minWidth: 100 },
    // Beside the code, so a phone shows what each code gives without scrolling the table sideways.
    { id: "discount", header: "Discount", cell: (p) => promoSummary(p, formatCents), minWidth: 100 },
    activeColumn((p) => p.code, {
      busy: (p) => toggle.isPending && toggle.variables?.promotion.id === p.id,
      change: (p, isActive) => toggle.mutate({ promotion: p, isActive }),
    }),
    {
      id: "created",
      header: "Created",
      sortingField: "createdAt",
      minWidth: 120,
      cell: (p) => <span title={orderDateTitle(p.createdAt)}>{orderDate(p.createdAt)}</span>,
    },
    editDeleteColumn(
      (p) => p.code,
      (p) => setDialog({ kind: "edit", promotion: p }),
      (p) => setDialog({ kind: "delete", promotion: p }),
    ),
  ];
  // On a phone: the code, then Edit, Delete and the Active toggle, so none starts off-screen (use-narrow.ts).
  const inReach = useActionsInReach(columns, ["code", "actions", "active"]);

  const create = (
    <Button variant="primary" onClick={() => setDialog({ kind: "create" })}>
      Create Promotion
    </Button>
  );

  return (
    <ContentLayout header={<Header variant="h1" description="Codes customers type at booking and staff apply at the counter. An inactive or deleted code stops working at once.">Promotions</Header>}>
      <SpaceBetween size="l">
        <LoadFailed query={list} header="Failed to load promotions" />
        <Table
          {...collectionProps}
          variant="container"
          ariaLabels={{ tableLabel: "Promotions" }}
          header={
            <Header variant="h2" counter={list.data ? `(${list.data.items.length}${list.data.cursor ? "+" : ""})` : undefined} actions={create}>
              All promotions
            </Header>
          }
          {...inReach}
          {...pagedRows(
            list,
            pages,
            items,
            "Loading promotions",
            <SpaceBetween size="s">
              <span>{list.isError ? "No promotions to show." : "No promotions yet."}</span>
              {!list.isError && create}
            </SpaceBetween>,
          )}
        />
      </SpaceBetween>

      {(dialog?.kind === "create" || dialog?.kind === "edit") && (
        <PromotionFormModal
          promotion={dialog.kind === "edit" ? dialog.promotion : undefined}
          onDismiss={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            refresh();
          }}
        />
      )}
      {dialog?.kind === "delete" && (
        <ConfirmModal header="Delete Promotion" confirm="Delete" busy={remove.isPending} onCancel={() => setDialog(null)} onConfirm={() => remove.mutate(dialog.promotion)}>
          Delete <b>{dialog.promotion.code}</b> ({promoSummary(dialog.promotion, formatCents)})? Customers and the counter can no longer use the
          code. This cannot be undone.
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}
