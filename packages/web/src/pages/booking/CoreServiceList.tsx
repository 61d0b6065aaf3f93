import type { CoreService } from "../../data/catalogue";
import { formatCents } from "../../lib/money";
import type { CatalogueProduct } from "../../data/catalogue";
import { StockNote } from "./StockNote";

interface Props {
  services: CoreService[];
  selected: CatalogueProduct | undefined;
  onChoose: (service: CoreService) => void;
}

/** The core services: only those with stock can be chosen; choosing opens the color and tack picker. */
export function CoreServiceList({ services, selected, onChoose }: Props) {
  return (
    <section className="booking-section" aria-labelledby="service-title">
      <h2 id="service-title">
        <span className="step-number" aria-hidden="true">
          2
        </span>
        Choose your core service
      </h2>
      <ul className="option-grid">
        {services.map((service) => {
          const chosen = selected && service.skus.some((sku) => sku.id === selected.id) ? selected : undefined;
          const available = service.isInStock && (service.totalStock === null || service.totalStock > 0);
          return (
            <li key={service.name}>
              <button
                type="button"
                className={chosen ? "option option-selected" : "option"}
                aria-pressed={!!chosen}
                disabled={!available}
                onClick={() => onChoose(service)}
              >
                <span className="option-head">
                  <span className="option-title">{service.name}</span>
                  <span className="option-price">{formatCents(service.basePrice)}</span>
                </span>
                <span className="option-text">{service.description}</span>
                <span className="option-foot">
                  {chosen ? (
                    <span className="option-chosen">
                      Selected: {[chosen.color, chosen.feel].filter(Boolean).join(" · ") || chosen.name} <span className="link-like">Change</span>
                    </span>
                  ) : available ? (
                    <span className="link-like">{service.colors.length || service.feels.length ? "Choose color & tack" : "Choose"}</span>
                  ) : null}
                  <StockNote stock={service.totalStock} inStock={available} />
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
