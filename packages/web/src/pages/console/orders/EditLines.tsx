import Alert from "@cloudscape-design/components/alert";
import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import ColumnLayout from "@cloudscape-design/components/column-layout";
import FormField from "@cloudscape-design/components/form-field";
import Header from "@cloudscape-design/components/header";
import Input from "@cloudscape-design/components/input";
import Multiselect, { type MultiselectProps } from "@cloudscape-design/components/multiselect";
import Select, { type SelectProps } from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Spinner from "@cloudscape-design/components/spinner";
import Table from "@cloudscape-design/components/table";
import { isWeight, WEIGHT_AREA_REQUIRED, WEIGHT_AREAS, weightAreaLabel, type WeightArea } from "@regrip/core/shared/catalogue";
import { EDIT_MAX_QUANTITY, EDIT_QUANTITY_RANGE, type EditLineAdd } from "@regrip/core/shared/order-edit";
import { orderReference, type OrderView } from "@regrip/core/shared/orders";
import type { StorefrontProduct } from "@regrip/core/shared/storefront";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { formatCents } from "../../../lib/money";
import { useToast } from "../../../toast/use-toast";
import { consoleKeys, editOrderLines, staffOrderKey } from "../console-api";
import { ConsoleBill } from "../ConsoleBill";
import { FormModal } from "../FormModal";
import { useStorefrontProducts } from "../storefront-booking/storefront-api";

/** A line waiting to be added: the product as the catalogue showed it and what was chosen. */
interface PendingAdd {
  key: number;
  product: StorefrontProduct;
  quantity: number;
  weightAreas?: WeightArea[];
}

const detailsOf = (product: { color: string | null; feel: string | null }) => [product.color, product.feel].filter(Boolean).join(" · ");

/**
 * Edit lines, on the staff order view (shared/order-edit.ts says when): the order's lines, each removable (a
 * membership's or pack's covered line is not); a product or add-on to add with its quantity, or a weight with its
 * areas; the new bill as the server prices it (PATCH .../lines with `preview`) before Save; then the order as saved.
 * The server's refusals (paid meanwhile, out of stock, changed by someone else) show in the form.
 */
export function EditLinesModal({ order, onClose }: { order: OrderView; onClose: () => void }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [removing, setRemoving] = useState<ReadonlySet<string>>(new Set());
  const { adds, refuse, picker } = usePendingAdds();
  const edit = {
    add: addsOf(adds),
    remove: [...removing],
    version: order.updatedAt,
  };
  const changed = edit.add.length + edit.remove.length > 0;
  const preview = useQuery({
    queryKey: ["/api/orders", order.id, "lines-preview", edit],
    queryFn: () => editOrderLines(order.id, { ...edit, preview: true }),
    enabled: changed,
    retry: false,
    staleTime: 30_000,
  });
  const save = useMutation({
    mutationFn: () => editOrderLines(order.id, edit),
    onSuccess: (saved) => {
      queryClient.setQueryData(staffOrderKey(saved.id), saved);
      void queryClient.invalidateQueries({ queryKey: consoleKeys.orders });
      // A payment link texted before the edit was for the old total (the payment would be refused): send a new one.
      const relink = saved.invoiceUrl && saved.bill.balanceCents > 0 ? " Text the payment link again (Take Payment) for the new total." : "";
      toast({ title: "Order Updated", description: `Order ${orderReference(saved)} now comes to ${formatCents(saved.bill.totalCents)}. The customer is told as they allow.${relink}` });
      onClose();
    },
    onError: (error) => {
      if (isUnauthorizedError(error)) return;
    },
  });

  const toggle = (id: string) =>
    setRemoving((now) => {
      const next = new Set(now);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <FormModal
      title={`Edit lines of ${orderReference(order)}`}
      submitLabel="Save Changes"
      size="large"
      busy={save.isPending}
      refusal={save.isError ? (serverMessage(save.error) ?? "The order could not be saved. Please try again.") : undefined}
      onDismiss={onClose}
      onSubmit={() => {
        if (!changed) return refuse("Add a product or remove a line first");
        save.mutate();
      }}
    >
      <SpaceBetween size="l">
        <Table
          variant="embedded"
          header={<Header variant="h3">On the order</Header>}
          ariaLabels={{ tableLabel: "Lines on the order" }}
          wrapLines
          trackBy="id"
          items={order.lineItems.map((line, index) => ({ ...line, id: line.id ?? `line-${index + 1}`, covered: !!order.bill.lines[index]?.covered }))}
          columnDefinitions={[
            {
              id: "item",
              header: "Item",
              cell: (line) => (
                <Box color={removing.has(line.id) ? "text-status-inactive" : undefined}>
                  <Box>{removing.has(line.id) ? <del aria-label={`${line.name} (to remove)`}>{line.name}</del> : line.name}</Box>
                  {line.description && <Box color="text-body-secondary" fontSize="body-s">{line.description}</Box>}
                </Box>
              ),
            },
            { id: "quantity", header: "Qty", cell: (line) => line.quantity },
            { id: "price", header: "Each", cell: (line) => formatCents(line.price) },
            {
              id: "action",
              header: "Change",
              cell: (line) =>
                line.covered ? (
                  <Box color="text-body-secondary">Covered: stays</Box>
                ) : (
                  <Button variant="inline-link" ariaLabel={`${removing.has(line.id) ? "Keep" : "Remove"} ${line.name}`} onClick={() => toggle(line.id)}>
                    {removing.has(line.id) ? "Keep" : "Remove"}
                  </Button>
                ),
            },
          ]}
        />
        {picker}
        {!changed && <Box color="text-body-secondary">Remove a line or add a product to see the new bill before saving.</Box>}
        {changed && preview.isPending && <Spinner />}
        {changed && preview.isError && (
          <Alert type="error" header="This change cannot be made">
            {serverMessage(preview.error) ?? "The new bill could not be priced. Please try again."}
          </Alert>
        )}
        {changed && preview.data && <ConsoleBill bill={preview.data.bill} header="New bill" />}
      </SpaceBetween>
    </FormModal>
  );
}

/** What the pending adds ask the server for: each product with its quantity, or a weight with its areas. */
export const addsOf = (adds: readonly PendingAdd[]): EditLineAdd[] =>
  adds.map((line) => ({ skuId: line.product.id, ...(line.weightAreas ? { options: { weightAreas: line.weightAreas } } : { quantity: line.quantity }) }));

/**
 * The products an employee is adding, the picker that chooses them, and a refusal to show in it (nothing chosen yet),
 * which the next choice clears.
 */
export function usePendingAdds() {
  const [adds, setAdds] = useState<PendingAdd[]>([]);
  const [problem, setProblem] = useState<string>();
  const picker = (
    <AddProductsPicker
      adds={adds}
      problem={problem}
      onChange={(next) => {
        setAdds(next);
        setProblem(undefined);
      }}
    />
  );
  return { adds, refuse: setProblem, picker };
}

/**
 * Products to add, chosen from the storefront's catalogue: a product or add-on with its quantity, or a weight with its
 * areas; the lines chosen so far, each with Undo. Edit Lines (before payment) and Add to This Order (after) both use it.
 */
function AddProductsPicker({ adds, onChange, problem }: { adds: readonly PendingAdd[]; onChange: (adds: PendingAdd[]) => void; problem?: string }) {
  const products = useStorefrontProducts();
  const [choice, setChoice] = useState<SelectProps.Option | null>(null);
  const [quantity, setQuantity] = useState("1");
  const [areas, setAreas] = useState<readonly MultiselectProps.Option[]>([]);
  const [errors, setErrors] = useState<{ product?: string; quantity?: string; areas?: string }>({});
  const catalogue = (products.data?.groups ?? []).flatMap((group) => group.items);
  const chosen = catalogue.find((product) => product.id === choice?.value);
  const weight = !!chosen && isWeight(chosen);

  const addChosen = () => {
    const found: typeof errors = {};
    const count = Number(quantity);
    if (!chosen) found.product = "Choose a product to add";
    else if (weight && areas.length === 0) found.areas = WEIGHT_AREA_REQUIRED;
    else if (!weight && (!Number.isInteger(count) || count < 1 || count > EDIT_MAX_QUANTITY)) found.quantity = EDIT_QUANTITY_RANGE;
    setErrors(found);
    if (Object.keys(found).length || !chosen) return;
    const weightAreas = weight ? WEIGHT_AREAS.filter((area) => areas.some((option) => option.value === area)) : undefined;
    onChange([...adds, { key: Date.now() + adds.length, product: chosen, quantity: weightAreas ? weightAreas.length : count, weightAreas }]);
    setChoice(null);
    setQuantity("1");
    setAreas([]);
  };

  const options: SelectProps.OptionGroup[] = (products.data?.groups ?? []).map((group) => ({
    label: group.heading,
    options: group.items.map((product) => ({
      value: product.id,
      label: product.name,
      description: detailsOf(product) || undefined,
      tags: [formatCents(product.price), product.stockQuantity === null ? "In stock" : product.isInStock ? `${product.stockQuantity} left` : "Out of stock"],
      disabled: !product.isInStock,
    })),
  }));

  return (
    <SpaceBetween size="l">
        {adds.length > 0 && (
          <SpaceBetween size="xs">
            <Header variant="h3">To add</Header>
            {adds.map((line) => (
              <SpaceBetween key={line.key} direction="horizontal" size="xs" alignItems="center">
                <Box>
                  {`${line.quantity} x ${line.product.name}`}
                  {line.weightAreas ? ` (${line.weightAreas.map((area) => weightAreaLabel[area]).join(", ")})` : detailsOf(line.product) ? ` (${detailsOf(line.product)})` : ""}
                  {` · ${formatCents(line.product.price * line.quantity)}`}
                </Box>
                <Button variant="inline-link" ariaLabel={`Do not add ${line.product.name}`} onClick={() => onChange(adds.filter((other) => other.key !== line.key))}>
                  Undo
                </Button>
              </SpaceBetween>
            ))}
            {/* At the catalogue's prices, so the customer can be told before the shop prices it (with any sales tax). */}
            <Box fontWeight="bold">{`Subtotal ${formatCents(adds.reduce((sum, line) => sum + line.product.price * line.quantity, 0))} before tax`}</Box>
          </SpaceBetween>
        )}
        <ColumnLayout columns={3}>
          <FormField label="Add a product or add-on" errorText={errors.product ?? problem}>
            <Select
              selectedOption={choice}
              onChange={({ detail }) => {
                setChoice(detail.selectedOption);
                setErrors({});
              }}
              options={options}
              filteringType="auto"
              placeholder="Choose a product"
              statusType={products.isPending ? "loading" : products.isError ? "error" : "finished"}
              loadingText="Loading products"
              errorText="The products could not be loaded."
              empty="No products on sale"
            />
          </FormField>
          {weight ? (
            <FormField label="Areas (one weight each)" errorText={errors.areas}>
              <Multiselect
                selectedOptions={areas}
                onChange={({ detail }) => setAreas(detail.selectedOptions)}
                options={WEIGHT_AREAS.map((area) => ({ value: area, label: weightAreaLabel[area] }))}
                placeholder="Choose areas"
              />
            </FormField>
          ) : (
            <FormField label="Quantity" errorText={errors.quantity}>
              <Input type="number" inputMode="numeric" value={quantity} onChange={({ detail }) => setQuantity(detail.value)} />
            </FormField>
          )}
          <FormField label={<span aria-hidden="true">&nbsp;</span>}>
            <Button formAction="none" iconName="add-plus" onClick={addChosen}>
              Add
            </Button>
          </FormField>
        </ColumnLayout>
    </SpaceBetween>
  );
}
