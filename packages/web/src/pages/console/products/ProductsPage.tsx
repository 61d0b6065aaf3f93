import { useCollection } from "@cloudscape-design/collection-hooks";
import Badge from "@cloudscape-design/components/badge";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import Cards from "@cloudscape-design/components/cards";
import ContentLayout from "@cloudscape-design/components/content-layout";
import Header from "@cloudscape-design/components/header";
import Link from "@cloudscape-design/components/link";
import Pagination from "@cloudscape-design/components/pagination";
import SegmentedControl from "@cloudscape-design/components/segmented-control";
import Select, { type SelectProps } from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import StatusIndicator from "@cloudscape-design/components/status-indicator";
import Table, { type TableProps } from "@cloudscape-design/components/table";
import TextFilter from "@cloudscape-design/components/text-filter";
import Toggle from "@cloudscape-design/components/toggle";
import type { ProductCategory } from "@regrip/core/shared/catalogue";
import {
  categoryLabel,
  compareProducts,
  isLowStock,
  isOutOfStock,
  PRODUCT_TOASTS,
  PRODUCT_CATEGORIES,
  stockLabel,
  typeLabel,
  type ProductView,
} from "@regrip/core/shared/products";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import { isUnauthorizedError } from "../../../lib/api";
import { errorStatus, failureMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { usePageMeta } from "../../../lib/page-meta";
import { useToast } from "../../../toast/use-toast";
import { StatCards } from "../StatCards";
import { ProductFormModal } from "./ProductFormModal";
import { adjustInventory, deleteProduct, listProducts, productKeys, setVisibility } from "./products-api";
import { LoadFailed } from "../LoadFailed";
import { ConfirmModal } from "../FormModal";
import { useNarrow } from "../use-narrow";

type StatKey = "all" | "visible" | "hidden" | "low" | "out";
/** The list as a table or as cards (the choice, not a server answer). */
type Layout = "table" | "cards";
const ALL = "all";

const statFilter: Record<StatKey, (product: ProductView) => boolean> = {
  all: () => true,
  visible: (product) => product.isVisible,
  hidden: (product) => !product.isVisible,
  low: isLowStock,
  out: isOutOfStock,
};

/** Sorted in the storefront's category order (then display order, price, name), not the alphabet of the category codes. */
const categoryColumn = { sortingField: "category", sortingComparator: compareProducts } as const;

const categoryOptions: SelectProps.Option[] = [
  { value: ALL, label: "All categories" },
  ...PRODUCT_CATEGORIES.map((category) => ({ value: category, label: categoryLabel[category] })),
];

function matches(product: ProductView, text: string): boolean {
  const needle = text.trim().toLowerCase();
  if (!needle) return true;
  return [product.code, product.name, product.brand, product.color, product.feel, product.description]
    .some((value) => value?.toLowerCase().includes(needle));
}

/** The stock as the page shows it: unlimited, out, low (at or below the threshold), or the count. */
function StockState({ product }: { product: ProductView }) {
  if (product.stockQuantity === null) return <StatusIndicator type="info">Unlimited</StatusIndicator>;
  if (isOutOfStock(product)) return <StatusIndicator type="error">Out of stock</StatusIndicator>;
  if (isLowStock(product)) return <StatusIndicator type="warning">{`Low: ${product.stockQuantity}`}</StatusIndicator>;
  return <StatusIndicator type="success">{`${product.stockQuantity} in stock`}</StatusIndicator>;
}

export default function ProductsPage() {
  usePageMeta("Product Management", "The catalogue's products, their prices, stock and visibility.");
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { toast } = useToast();
  // Read again each time the page is opened: stock moves with every order (booking, counter, quick sale), and the
  // dialog sends a stock edit as the difference from the stock it shows.
  const products = useQuery({ queryKey: productKeys.all, queryFn: listProducts, refetchOnMount: "always" });
  const all = products.data ?? [];
  const [stat, setStat] = useState<StatKey | undefined>();
  const [category, setCategory] = useState<SelectProps.Option>(categoryOptions[0]!);
  // Cards on a phone to start with (the table's columns would not fit), the table on a wide screen.
  const narrow = useNarrow();
  const [view, setView] = useState<Layout>(() => (narrow ? "cards" : "table"));
  const [editing, setEditing] = useState<ProductView | "new" | undefined>();
  const [deleting, setDeleting] = useState<ProductView | undefined>();
  const [bulkBusy, setBulkBusy] = useState(false);

  const shown = all.filter((product) => statFilter[stat ?? "all"](product) && (category.value === ALL || product.category === (category.value as ProductCategory)));
  const { items, collectionProps, filterProps, paginationProps, filteredItemsCount, actions } = useCollection(shown, {
    filtering: {
      filteringFunction: matches,
      empty: <Box textAlign="center" color="inherit" padding="m">No products yet. Add one above.</Box>,
      noMatch: <Box textAlign="center" color="inherit" padding="m">No products match these filters.</Box>,
    },
    sorting: { defaultState: { sortingColumn: categoryColumn } },
    pagination: { pageSize: 25 },
    selection: { trackBy: "id", keepSelection: true },
  });
  const selected = collectionProps.selectedItems ?? [];

  const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.all });
  const failed = (title: string) => (error: unknown) => {
    if (isUnauthorizedError(error)) return;
    toast({ title, description: failureMessage(error), variant: "destructive" });
  };

  const stock = useMutation({
    mutationFn: ({ product, change }: { product: ProductView; change: number }) => adjustInventory(product.id, change),
    onSuccess: (product) => {
      toast({ title: PRODUCT_TOASTS.inventory, description: `${product.name}: ${stockLabel(product.stockQuantity)}` });
      void refresh();
    },
    onError: failed(PRODUCT_TOASTS.inventoryFailed),
  });
  const visibility = useMutation({
    mutationFn: ({ product, isVisible }: { product: ProductView; isVisible: boolean }) => setVisibility(product.id, isVisible),
    onSuccess: (product) => {
      toast({ title: PRODUCT_TOASTS.visibility, description: `${product.name} is ${product.isVisible ? "visible" : "hidden"}` });
      void refresh();
    },
    onError: failed(PRODUCT_TOASTS.visibilityFailed),
  });
  const remove = useMutation({
    mutationFn: (product: ProductView) => deleteProduct(product.id),
    onSuccess: (_answer, product) => {
      toast({ title: PRODUCT_TOASTS.deleted, description: product.name });
      setDeleting(undefined);
      actions.setSelectedItems(selected.filter((item) => item.id !== product.id));
      void refresh();
    },
    onError: failed(PRODUCT_TOASTS.deleteFailed),
  });

  /**
   * Bulk show/hide: one call per selected product; a partial failure says so. The selection holds the products
   * as they were when ticked, so each is read again from the list as it is now (a toggle or an earlier bulk change
   * may have moved it since).
   */
  async function bulk(isVisible: boolean) {
    const current = selected.map((picked) => all.find((product) => product.id === picked.id)).filter((product) => product !== undefined);
    const targets = current.filter((product) => product.isVisible !== isVisible && !(isVisible && product.isQuickSale));
    if (targets.length === 0) {
      toast({ title: PRODUCT_TOASTS.bulk, description: `The selected products are already ${isVisible ? "visible" : "hidden"}` });
      return;
    }
    setBulkBusy(true);
    const results = await Promise.allSettled(targets.map((product) => setVisibility(product.id, isVisible)));
    setBulkBusy(false);
    const failures = results.filter((result) => result.status === "rejected").length;
    if (failures > 0) {
      toast({ title: PRODUCT_TOASTS.bulkFailed, description: `${failures} of ${targets.length} could not be ${isVisible ? "shown" : "hidden"}.`, variant: "destructive" });
    } else {
      toast({ title: PRODUCT_TOASTS.bulk, description: `${targets.length} product${targets.length === 1 ? "" : "s"} ${isVisible ? "shown" : "hidden"}` });
      actions.setSelectedItems([]);
    }
    void refresh();
  }

  const follow = (href: string) => (event: CustomEvent) => {
    event.preventDefault();
    navigate(href);
  };

  const stockButtons = (product: ProductView) =>
    product.stockQuantity === null ? null : (
      <SpaceBetween direction="horizontal" size="xxs">
        <Button
          iconName="subtract-minus"
          variant="icon"
          ariaLabel={`Remove one ${product.name} from stock`}
          disabled={product.stockQuantity === 0 || stock.isPending}
          onClick={() => stock.mutate({ product, change: -1 })}
        />
        <Button iconName="add-plus" variant="icon" ariaLabel={`Add one ${product.name} to stock`} disabled={stock.isPending} onClick={() => stock.mutate({ product, change: 1 })} />
      </SpaceBetween>
    );

  // The stock and its one-step buttons, in the table's column and on each card.
  const stockCell = (product: ProductView) => (
    <SpaceBetween direction="horizontal" size="xs" alignItems="center">
      <StockState product={product} />
      {stockButtons(product)}
    </SpaceBetween>
  );

  const visibleToggle = (product: ProductView) => (
    <Toggle
      checked={product.isVisible}
      disabled={product.isQuickSale || visibility.isPending}
      ariaLabel={`${product.name} visible to customers`}
      onChange={({ detail }) => visibility.mutate({ product, isVisible: detail.checked })}
    >
      {product.isQuickSale ? "Quick sale (hidden)" : product.isVisible ? "Visible" : "Hidden"}
    </Toggle>
  );

  const rowActions = (product: ProductView) => (
    <SpaceBetween direction="horizontal" size="xxs">
      <Button variant="inline-link" ariaLabel={`Edit ${product.name}`} onClick={() => setEditing(product)}>
        Edit
      </Button>
      {!product.isQuickSale && (
        <Button variant="inline-link" ariaLabel={`Delete ${product.name}`} onClick={() => setDeleting(product)}>
          Delete
        </Button>
      )}
    </SpaceBetween>
  );

  const columns: TableProps.ColumnDefinition<ProductView>[] = [
    {
      id: "name",
      header: "Product",
      cell: (product) => (
        <SpaceBetween direction="horizontal" size="xs" alignItems="center">
          {product.thumbnailUrl && <img src={product.thumbnailUrl} alt="" width={40} height={40} className="product-thumbnail" />}
          <SpaceBetween size="xxxs">
            <b>{product.name}</b>
            <Box variant="small">{product.code}</Box>
          </SpaceBetween>
        </SpaceBetween>
      ),
      sortingField: "name",
      minWidth: 180,
    },
    {
      id: "category",
      header: "Category",
      cell: (product) => categoryLabel[product.category],
      ...categoryColumn,
    },
    { id: "type", header: "Type", cell: (product) => typeLabel[product.type] },
    { id: "price", header: "Price", cell: (product) => formatCents(product.unitAmountCents), sortingField: "unitAmountCents" },
    {
      id: "stock",
      header: "Stock",
      cell: stockCell,
      minWidth: 170,
    },
    { id: "visible", header: "Visibility", cell: visibleToggle, minWidth: 120 },
    { id: "actions", header: "Actions", cell: rowActions },
  ];

  const count = (filter: (product: ProductView) => boolean) => (products.data ? all.filter(filter).length : undefined);
  const headerActions: ReactNode = (
    <SpaceBetween direction="horizontal" size="xs">
      <Button disabled={selected.length === 0} loading={bulkBusy} onClick={() => void bulk(true)}>
        Show Selected
      </Button>
      <Button disabled={selected.length === 0} loading={bulkBusy} onClick={() => void bulk(false)}>
        Hide Selected
      </Button>
      <Button variant="primary" onClick={() => setEditing("new")}>
        Add Product
      </Button>
    </SpaceBetween>
  );
  const header = (
    <Header variant="h2" counter={selected.length ? `(${selected.length} selected)` : `(${filteredItemsCount ?? 0})`} actions={headerActions}>
      Products
    </Header>
  );
  const filter = (
    <SpaceBetween direction="horizontal" size="xs">
      <TextFilter {...filterProps} filteringPlaceholder="Find products" filteringAriaLabel="Find products" countText={`${filteredItemsCount ?? 0} matches`} />
      <Select selectedOption={category} options={categoryOptions} onChange={({ detail }) => setCategory(detail.selectedOption)} ariaLabel="Category" />
    </SpaceBetween>
  );
  const pagination = (
    <Pagination {...paginationProps} ariaLabels={{ nextPageLabel: "Next page", previousPageLabel: "Previous page", pageLabel: (n) => `Page ${n}` }} />
  );
  const selectionLabels = {
    selectionGroupLabel: "Product selection",
    allItemsSelectionLabel: () => "Select all products on this page",
    itemSelectionLabel: (_selection: unknown, product: ProductView) => `Select ${product.name}`,
  };
  // What the table and the cards show alike: the same products, selection, filter and pages.
  const listed = {
    ...collectionProps,
    variant: "container",
    selectionType: "multi",
    header,
    filter,
    items,
    trackBy: "id",
    loading: products.isPending,
    loadingText: "Loading products",
    pagination,
  } as const;

  return (
    <ContentLayout
      header={
        <SpaceBetween size="xs">
          <Link href="/admin" onFollow={follow("/admin")}>
            ← Back to Dashboard
          </Link>
          <Header variant="h1" description="Prices, stock and what customers see. A hidden product leaves the booking page and the storefront at once.">
            Product Management
          </Header>
        </SpaceBetween>
      }
    >
      <SpaceBetween size="l">
        <StatCards
          label="Product counts"
          selected={stat}
          onToggle={setStat}
          cards={[
            { key: "all", label: "Total Products", value: count(() => true) },
            { key: "visible", label: "Visible", value: count(statFilter.visible) },
            { key: "hidden", label: "Hidden", value: count(statFilter.hidden) },
            { key: "low", label: "Low Stock", value: count(isLowStock) },
            { key: "out", label: "Out of Stock", value: count(isOutOfStock) },
          ]}
        />
        <LoadFailed query={products} header={PRODUCT_TOASTS.fetchFailed(errorStatus(products.error) ?? "network error")} />
        <SegmentedControl
          selectedId={view}
          onChange={({ detail }) => setView(detail.selectedId as Layout)}
          label="View"
          options={[
            { id: "table", text: "Table" },
            { id: "cards", text: "Cards" },
          ]}
        />
        {view === "table" ? (
          <Table<ProductView> {...listed} ariaLabels={{ tableLabel: "Products", ...selectionLabels }} columnDefinitions={columns} wrapLines />
        ) : (
          <Cards<ProductView>
            {...listed}
            ariaLabels={{ cardsLabel: "Products", ...selectionLabels }}
            cardDefinition={{
              // The thumbnail beside the name, as the table shows it.
              header: (product) =>
                product.thumbnailUrl ? (
                  <SpaceBetween direction="horizontal" size="xs" alignItems="center">
                    <img src={product.thumbnailUrl} alt="" width={40} height={40} className="product-thumbnail" />
                    <span>{product.name}</span>
                  </SpaceBetween>
                ) : (
                  product.name
                ),
              sections: [
                { id: "code", header: "Code", content: (product) => product.code },
                {
                  id: "category",
                  header: "Category",
                  content: (product) => (
                    <SpaceBetween direction="horizontal" size="xs">
                      <span>{categoryLabel[product.category]}</span>
                      <Badge>{typeLabel[product.type]}</Badge>
                    </SpaceBetween>
                  ),
                },
                { id: "price", header: "Price", content: (product) => formatCents(product.unitAmountCents) },
                {
                  id: "stock",
                  header: "Stock",
                  content: stockCell,
                },
                { id: "visible", header: "Visibility", content: visibleToggle },
                { id: "actions", content: rowActions },
              ],
            }}
            cardsPerRow={[{ cards: 1 }, { minWidth: 560, cards: 2 }, { minWidth: 900, cards: 3 }]}
          />
        )}
      </SpaceBetween>
      {editing && (
        <ProductFormModal
          product={editing === "new" ? undefined : editing}
          onDismiss={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined);
            void refresh();
          }}
        />
      )}
      {deleting && (
        <ConfirmModal header="Delete product" confirm="Delete" busy={remove.isPending} onCancel={() => setDeleting(undefined)} onConfirm={() => remove.mutate(deleting)}>
          {`Delete ${deleting.name} (${deleting.code})? It leaves the catalogue and its code is freed. Orders that name it keep their line items.`}
        </ConfirmModal>
      )}
    </ContentLayout>
  );
}
