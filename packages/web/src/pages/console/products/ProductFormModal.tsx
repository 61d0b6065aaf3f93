import { FormModal } from "../FormModal";
import ColumnLayout from "@cloudscape-design/components/column-layout";
import Checkbox from "@cloudscape-design/components/checkbox";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import Select from "@cloudscape-design/components/select";
import SpaceBetween from "@cloudscape-design/components/space-between";
import Textarea from "@cloudscape-design/components/textarea";
import Toggle from "@cloudscape-design/components/toggle";
import type { ProductCategory, ProductType } from "@regrip/core/shared/catalogue";
import { fieldErrors } from "@regrip/core/shared/forms";
import {
  categoryLabel,
  codeInUse,
  CreateProduct,
  emptyProductForm,
  isQuickSaleCode,
  PRODUCT_TOASTS,
  productBody,
  productFormValues,
  QUICK_SALE_HIDDEN,
  PRODUCT_CATEGORIES,
  PRODUCT_TYPES,
  typeLabel,
  type ProductFormValues,
  type ProductView,
} from "@regrip/core/shared/products";
import { useState, type FormEvent } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { serverMessage } from "../../../lib/api-error";
import { useToast } from "../../../toast/use-toast";
import { imageProblem } from "../../../lib/validation";
import { uploadProductImages } from "./product-images";
import { adjustInventory, createProduct, updateProduct } from "./products-api";

type TextKey = Exclude<keyof ProductFormValues, "category" | "type" | "isVisible" | "taxable">;
/** The body's field each form field's error comes from (the price is sent as unitAmountCents). */
const bodyField: Partial<Record<TextKey, string>> = { price: "unitAmountCents" };

interface Props {
  /** Absent: Add Product (POST); present: Edit Product (PATCH, and the stock's difference through .../inventory). */
  product?: ProductView;
  onDismiss: () => void;
  onSaved: (product: ProductView) => void;
}

/**
 * The add and edit dialog: each field checked with the server's own schema (CreateProduct over the body the form
 * sends), its message under the field; the price typed in dollars and sent in cents, rounded; an empty stock is
 * unlimited. An edit of a counted stock is sent as the difference from the stock the dialog opened with.
 */
export function ProductFormModal({ product, onDismiss, onSaved }: Props) {
  const { toast } = useToast();
  const [values, setValues] = useState<ProductFormValues>(() => (product ? productFormValues(product) : emptyProductForm()));
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  /** The server's 409 for a code another product holds, shown under the code until the code changes. */
  const [codeTaken, setCodeTaken] = useState<{ code: string; message: string }>();
  const [image, setImage] = useState<File>();
  const [imageError, setImageError] = useState<string>();
  const [removeImage, setRemoveImage] = useState(false);
  const title = product ? "Edit Product" : "Add Product";
  const quickSale = isQuickSaleCode(values.code) || !!product?.isQuickSale;
  const errors = touched ? fieldErrors(CreateProduct, productBody(values)) : {};
  const errorOf = (key: TextKey) =>
    (errors as Record<string, string | undefined>)[bodyField[key] ?? key] ?? (key === "code" && codeTaken?.code === values.code ? codeTaken.message : undefined);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => setValues((previous) => ({ ...previous, [key]: value }));

  async function save(): Promise<ProductView> {
    const body = productBody({ ...values, isVisible: quickSale ? false : values.isVisible });
    if (!product) return createProduct(body);
    const before = product.stockQuantity;
    const after = body.stockQuantity as number | null;
    if (before !== null && after !== null && after !== before) {
      // A counted stock changes as a difference, so an edit made meanwhile at the counter still counts.
      const { stockQuantity: _stock, ...rest } = body;
      await updateProduct(product.id, rest);
      return adjustInventory(product.id, after - before);
    }
    return updateProduct(product.id, body);
  }

  async function submit(event?: FormEvent) {
    event?.preventDefault();
    setTouched(true);
    setRefusal(undefined);
    if (Object.keys(fieldErrors(CreateProduct, productBody(values))).length > 0 || imageError) return;
    setBusy(true);
    try {
      let saved = await save();
      // The images go under the product's own id, so a new product gets them once it exists.
      if (image) saved = await updateProduct(saved.id, await uploadProductImages(saved.id, image));
      else if (removeImage && (saved.imageUrl || saved.thumbnailUrl)) saved = await updateProduct(saved.id, { imageUrl: null, thumbnailUrl: null });
      toast({ title: product ? PRODUCT_TOASTS.updated : PRODUCT_TOASTS.created, description: saved.name });
      onSaved(saved);
    } catch (error) {
      if (isUnauthorizedError(error)) return;
      const message = serverMessage(error) ?? PRODUCT_TOASTS.saveFailed;
      setRefusal(message);
      if (message === codeInUse(values.code.trim().toUpperCase())) setCodeTaken({ code: values.code, message });
      toast({ title: PRODUCT_TOASTS.saveFailed, description: message, variant: "destructive" });
    } finally {
      setBusy(false);
    }
  }

  const text = (key: TextKey, label: string, props: { inputMode?: "decimal" | "numeric"; constraint?: string; required?: boolean; placeholder?: string } = {}) => (
    <FormField label={label} errorText={errorOf(key)} constraintText={props.constraint}>
      <Input
        value={values[key]}
        onChange={({ detail }) => set(key, detail.value)}
        inputMode={props.inputMode}
        placeholder={props.placeholder}
        ariaRequired={props.required}
        invalid={!!errorOf(key)}
        autoComplete={false}
      />
    </FormField>
  );

  const options = <V extends string>(values: readonly V[], label: Record<V, string>) => values.map((value) => ({ value, label: label[value] }));

  return (
    <FormModal title={title} submitLabel={product ? "Save Changes" : "Create Product"} busy={busy} refusal={refusal} size="large" onDismiss={onDismiss} onSubmit={(event) => void submit(event)}>
      <SpaceBetween size="m">
        <ColumnLayout columns={2}>
          {text("code", "Product code", {
            required: true,
            placeholder: "ADD-OVERGRIP",
            constraint: product?.isQuickSale ? "The quick sale finds this item by its code." : "Unique; letters, digits, - and _.",
          })}
          {text("name", "Product name", { required: true })}
          <FormField label="Category">
            <Select
              selectedOption={{ value: values.category, label: categoryLabel[values.category] }}
              options={options(PRODUCT_CATEGORIES, categoryLabel)}
              onChange={({ detail }) => set("category", detail.selectedOption.value as ProductCategory)}
            />
          </FormField>
          <FormField label="Type">
            <Select
              selectedOption={{ value: values.type, label: typeLabel[values.type] }}
              options={options(PRODUCT_TYPES, typeLabel)}
              onChange={({ detail }) => set("type", detail.selectedOption.value as ProductType)}
            />
          </FormField>
          {text("price", "Price (dollars)", { inputMode: "decimal", required: true, placeholder: "8.00" })}
          {text("stockQuantity", "Stock quantity", { inputMode: "numeric", constraint: "Leave empty for unlimited." })}
          {text("lowStockThreshold", "Low-stock threshold", { inputMode: "numeric" })}
          {text("displayOrder", "Display order", { inputMode: "numeric", constraint: "Lower comes first." })}
          {text("brand", "Brand")}
          {text("color", "Color")}
          {text("feel", "Feel")}
          {text("area", "Area")}
          {text("quality", "Quality")}
        </ColumnLayout>
        <FormField label="Description" errorText={errors.description}>
          <Textarea value={values.description} onChange={({ detail }) => set("description", detail.value)} rows={3} />
        </FormField>
        <FormField
          label="Image (optional)"
          description="Any photo: a 150x150 thumbnail and a 600x600 image are cut from its centre."
          errorText={imageError}
        >
          <SpaceBetween direction="horizontal" size="s" alignItems="center">
            {product?.thumbnailUrl && !image && !removeImage && (
              <img src={product.thumbnailUrl} alt={`${product.name} thumbnail`} width={75} height={75} className="product-thumbnail" />
            )}
            <input
              type="file"
              accept="image/*"
              aria-label="Product image"
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                const problem = file ? imageProblem(file) : undefined;
                setImageError(problem?.description);
                setImage(problem ? undefined : file);
              }}
            />
            {product?.thumbnailUrl && !image && (
              <Toggle checked={removeImage} onChange={({ detail }) => setRemoveImage(detail.checked)}>
                Remove image
              </Toggle>
            )}
          </SpaceBetween>
        </FormField>
        <FormField label="Visibility" description={quickSale ? QUICK_SALE_HIDDEN : "Hidden products leave the booking page and the storefront."}>
          <Toggle checked={quickSale ? false : values.isVisible} disabled={quickSale} onChange={({ detail }) => set("isVisible", detail.checked)}>
            Visible to customers
          </Toggle>
        </FormField>
        <FormField label="Sales tax" description="Goods (grips, overgrips, weights, edge guards) are taxed at the order's place; labour is not. Rates are set in Money settings.">
          <Checkbox checked={values.taxable} onChange={({ detail }) => set("taxable", detail.checked)}>
            Taxable (goods)
          </Checkbox>
        </FormField>
      </SpaceBetween>
    </FormModal>
  );
}
