import "./console.css";

export interface StatCard<K extends string> {
  key: K;
  label: string;
  value: number | undefined;
}

/** Counters as toggle buttons: pressing one filters by it, pressing it again clears the filter. */
export function StatCards<K extends string>({
  cards,
  selected,
  onToggle,
  label,
}: {
  cards: StatCard<K>[];
  selected?: K;
  onToggle?: (key: K | undefined) => void;
  label: string;
}) {
  return (
    <div className="stat-cards" role="group" aria-label={label}>
      {cards.map((card) =>
        !onToggle ? (
          <div key={card.key} className="stat-card stat-card-static">
            <span className="stat-card-label">{card.label}</span>
            <span className="stat-card-value">{card.value ?? "–"}</span>
          </div>
        ) : (
        <button
          key={card.key}
          type="button"
          className="stat-card"
          aria-pressed={selected === card.key}
          onClick={() => onToggle(selected === card.key ? undefined : card.key)}
        >
          <span className="stat-card-label">{card.label}</span>
          <span className="stat-card-value">{card.value ?? "–"}</span>
        </button>
        ),
      )}
    </div>
  );
}
