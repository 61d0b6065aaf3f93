import { useId, useState, type FormEvent } from "react";
import { Dialog } from "../../components/Dialog";
import type { CatalogueProduct, CoreService } from "../../data/catalogue";
import { formatCents } from "../../lib/money";
import { coreVariant, lowStockNote, weightAreas, type WeightArea } from "./booking-state";
import { StockNote } from "./StockNote";

export type Picker =
  | { kind: "core"; service: CoreService }
  | { kind: "guard"; name: string; items: CatalogueProduct[] }
  | { kind: "weight"; item: CatalogueProduct };

interface Props {
  picker: Picker;
  /** The current choice, to start from and to offer Remove. */
  current: { skuId?: string; areas?: WeightArea[] };
  onPick: (skuId: string, areas?: WeightArea[]) => void;
  onRemove?: () => void;
  onClose: () => void;
}

function Options({ legend, name, options, value, onChange }: {
  legend: string;
  name: string;
  options: { value: string; label: string; disabled?: boolean; note?: string }[];
  value: string | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <fieldset className="picker-group">
      <legend>{legend}</legend>
      <div className="pill-row">
        {options.map((option) => (
          <label key={option.value} className={`pill${option.value === value ? " pill-selected" : ""}${option.disabled ? " pill-disabled" : ""}`}>
            <input type="radio" name={name} value={option.value} checked={option.value === value} disabled={option.disabled} onChange={() => onChange(option.value)} />
            {option.label}
            {option.note && <span className="pill-note">{option.note}</span>}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Grip color and tack of a core service, an edge guard's color, or the weight's areas. */
export function VariantPickerDialog({ picker, current, onPick, onRemove, onClose }: Props) {
  const id = useId();
  const startSku =
    picker.kind === "core" ? picker.service.skus.find((s) => s.id === current.skuId) : picker.kind === "guard" ? picker.items.find((s) => s.id === current.skuId) : undefined;
  const [color, setColor] = useState(startSku?.color ?? undefined);
  const [feel, setFeel] = useState(startSku?.feel ?? undefined);
  const [areas, setAreas] = useState<WeightArea[]>(current.areas ?? []);
  const [problem, setProblem] = useState<string>();

  let title: string;
  let body;
  let pick: () => string | undefined;

  if (picker.kind === "core") {
    const { service } = picker;
    title = service.name;
    const inStockWith = (c?: string, f?: string) =>
      service.skus.some((s) => s.isInStock && (c === undefined || s.color === c) && (f === undefined || s.feel === f));
    const variant = coreVariant(service, color, feel);
    body = (
      <>
        {service.colors.length > 0 && (
          <Options
            legend="Grip color *"
            name={`${id}-color`}
            value={color}
            onChange={(value) => (setColor(value), setProblem(undefined))}
            options={service.colors.map((c) => ({ value: c, label: c, disabled: !inStockWith(c) }))}
          />
        )}
        {service.feels.length > 0 && (
          <Options
            legend="Grip tack *"
            name={`${id}-feel`}
            value={feel}
            onChange={(value) => (setFeel(value), setProblem(undefined))}
            options={service.feels.map((f) => ({ value: f, label: f, disabled: !inStockWith(color, f) }))}
          />
        )}
        {variant.sku && (
          <p className="picker-result">
            {formatCents(variant.sku.price)} <StockNote stock={variant.sku.stockQuantity} inStock={variant.sku.isInStock} />
          </p>
        )}
      </>
    );
    pick = () => {
      const { sku, problem: found } = coreVariant(service, color, feel);
      if (found || !sku) return found;
      onPick(sku.id);
    };
  } else if (picker.kind === "guard") {
    title = picker.name;
    const chosen = picker.items.find((item) => item.color === color);
    body = (
      <>
        <Options
          legend="Guard color *"
          name={`${id}-guard`}
          value={color}
          onChange={(value) => (setColor(value), setProblem(undefined))}
          options={picker.items.map((item) => ({
            value: item.color ?? item.id,
            label: item.color ?? item.name,
            disabled: !item.isInStock,
            note: item.isInStock ? lowStockNote(item.stockQuantity) : "Out of stock",
          }))}
        />
        {chosen && <p className="picker-result">{formatCents(chosen.price)}</p>}
      </>
    );
    pick = () => {
      const item = picker.items.find((i) => (i.color ?? i.id) === color);
      if (!item) return "Please choose a guard color";
      if (!item.isInStock) return "That color is out of stock";
      onPick(item.id);
    };
  } else {
    const { item } = picker;
    title = item.name;
    body = (
      <>
        <fieldset className="picker-group">
          <legend>Where should the weight go? *</legend>
          <div className="check-list">
            {weightAreas.map((area) => (
              <label key={area.value} className="check">
                <input
                  type="checkbox"
                  checked={areas.includes(area.value)}
                  onChange={() => {
                    setProblem(undefined);
                    setAreas((list) => (list.includes(area.value) ? list.filter((a) => a !== area.value) : [...list, area.value]));
                  }}
                />
                {area.label}
              </label>
            ))}
          </div>
        </fieldset>
        <p className="picker-result">
          {formatCents(item.price)} per area × {areas.length} = <strong>{formatCents(item.price * areas.length)}</strong>
        </p>
      </>
    );
    pick = () => {
      if (areas.length === 0) return "Please choose at least one area";
      onPick(item.id, weightAreas.map((a) => a.value).filter((a) => areas.includes(a)));
    };
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const found = pick();
    if (found) setProblem(found);
  }

  const description = picker.kind === "core" ? picker.service.description : picker.kind === "weight" ? picker.item.description ?? undefined : picker.items[0]?.description ?? undefined;

  return (
    <Dialog title={title} description={description} onClose={onClose}>
      <form onSubmit={submit} noValidate aria-label={`Choose ${title} options`}>
        {body}
        {problem && (
          <p className="form-error" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog-actions">
          {onRemove && (
            <button type="button" className="btn btn-danger-outline dialog-actions-start" onClick={onRemove}>
              Remove
            </button>
          )}
          <button type="button" className="btn btn-outline" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary">
            {current.skuId ? "Update" : picker.kind === "core" ? "Select" : "Add to Booking"}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
