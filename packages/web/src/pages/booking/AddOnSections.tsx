import type { ReactNode } from "react";
import type { Catalogue, CatalogueProduct } from "../../data/catalogue";
import { formatCents } from "../../lib/money";
import { areaLabels, edgeGuardGroups, isAreaWeight, isEdgeGuard, type BookingSelection } from "./booking-state";
import { StockNote } from "./StockNote";
import type { Picker } from "./VariantPickerDialog";

interface Props {
  addOns: Catalogue["addOnServices"];
  selection: BookingSelection;
  onToggleGrip: (item: CatalogueProduct) => void;
  onToggleOther: (item: CatalogueProduct) => void;
  onChooseTape: (item: CatalogueProduct) => void;
  onOpenPicker: (picker: Picker) => void;
}

function AddOn({
  title,
  price,
  description,
  selected,
  disabled,
  stock,
  detail,
  action,
  onClick,
}: {
  title: string;
  price: string;
  description?: string | null;
  selected: boolean;
  disabled: boolean;
  stock: ReactNode;
  detail?: string;
  action: string;
  onClick: () => void;
}) {
  return (
    <li>
      <button type="button" className={selected ? "option option-selected" : "option"} aria-pressed={selected} disabled={disabled} onClick={onClick}>
        <span className="option-head">
          <span className="option-title">{title}</span>
          <span className="option-price">{price}</span>
        </span>
        {description && <span className="option-text">{description}</span>}
        <span className="option-foot">
          {detail ? <span className="option-chosen">{detail}</span> : !disabled && <span className="link-like">{action}</span>}
          {stock}
        </span>
      </button>
    </li>
  );
}

function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <section className="addon-section" aria-labelledby={id}>
      <h3 id={id}>{title}</h3>
      {hint && <p className="muted">{hint}</p>}
      <ul className="option-grid">{children}</ul>
    </section>
  );
}

/** Additional grips, weights, edge protection and other services. */
export function AddOnSections({ addOns, selection, onToggleGrip, onToggleOther, onChooseTape, onOpenPicker }: Props) {
  const guards = edgeGuardGroups(addOns.EDGE);
  const tapes = addOns.EDGE.filter((item) => !isEdgeGuard(item));
  const simple = (item: CatalogueProduct, selected: boolean, onClick: () => void) => (
    <AddOn
      key={item.id}
      title={item.name}
      price={formatCents(item.price)}
      description={item.description}
      selected={selected}
      disabled={!item.isInStock && !selected}
      stock={<StockNote stock={item.stockQuantity} inStock={item.isInStock} />}
      detail={selected ? "Added · tap to remove" : undefined}
      action="Add"
      onClick={onClick}
    />
  );

  return (
    <section className="booking-section" aria-labelledby="addons-title">
      <h2 id="addons-title">
        <span className="step-number" aria-hidden="true">
          3
        </span>
        Add-ons <span className="optional">(optional)</span>
      </h2>
      {addOns.GRIP.length > 0 && (
        <Section id="addons-grips" title="Additional Grips">
          {addOns.GRIP.map((item) => simple(item, selection.grips.includes(item.id), () => onToggleGrip(item)))}
        </Section>
      )}
      {addOns.WEIGHT.length > 0 && (
        <Section id="addons-weights" title="Weights" hint="Tungsten weight tape placed where you want it, priced per area.">
          {addOns.WEIGHT.map((item) => {
            if (!isAreaWeight(item)) return simple(item, selection.others.includes(item.id), () => onToggleOther(item));
            const chosen = selection.weight?.skuId === item.id ? selection.weight : undefined;
            return (
              <AddOn
                key={item.id}
                title={item.name}
                price={`${formatCents(item.price)} per area`}
                description={item.description}
                selected={!!chosen}
                disabled={!item.isInStock && !chosen}
                stock={<StockNote stock={item.stockQuantity} inStock={item.isInStock} />}
                detail={chosen ? `${areaLabels(chosen.areas)} · Change` : undefined}
                action="Choose areas"
                onClick={() => onOpenPicker({ kind: "weight", item })}
              />
            );
          })}
        </Section>
      )}
      {addOns.EDGE.length > 0 && (
        <Section id="addons-edge" title="Edge Protection" hint="One edge guard and one edge tape at most.">
          {guards.map((group) => {
            const chosen = group.items.find((item) => item.id === selection.edgeGuard);
            const anyInStock = group.items.some((item) => item.isInStock);
            const prices = [...new Set(group.items.map((item) => item.price))];
            return (
              <AddOn
                key={group.name}
                title={group.name}
                price={prices.length === 1 ? formatCents(prices[0]) : `From ${formatCents(Math.min(...prices))}`}
                description={group.items[0]?.description}
                selected={!!chosen}
                disabled={!anyInStock && !chosen}
                stock={anyInStock ? null : <StockNote stock={0} inStock={false} />}
                detail={chosen ? `${chosen.color ?? chosen.name} · Change` : undefined}
                action={`Choose color (${group.items.filter((item) => item.isInStock).length} available)`}
                onClick={() => onOpenPicker({ kind: "guard", name: group.name, items: group.items })}
              />
            );
          })}
          {tapes.map((item) => simple(item, selection.edgeTape === item.id, () => onChooseTape(item)))}
        </Section>
      )}
      {addOns.OTHER.length > 0 && (
        <Section id="addons-other" title="Other Services">
          {addOns.OTHER.map((item) => simple(item, selection.others.includes(item.id), () => onToggleOther(item)))}
        </Section>
      )}
    </section>
  );
}
