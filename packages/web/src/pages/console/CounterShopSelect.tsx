import FormField from "@cloudscape-design/components/form-field";
import Select from "@cloudscape-design/components/select";
import { BOOKABLE_LOCATIONS, DEFAULT_DROPOFF_LOCATION, isBookableLocation, type BookableLocation } from "@regrip/core/shared/location-names";
import { TAX_LOCATION_LABELS } from "@regrip/core/shared/money-settings";
import { useState } from "react";

/** Where the device remembers the shop its counter is at. */
const COUNTER_SHOP_KEY = "regrip.counterShop";

function remembered(): BookableLocation {
  try {
    const stored = localStorage.getItem(COUNTER_SHOP_KEY);
    return isBookableLocation(stored) ? stored : DEFAULT_DROPOFF_LOCATION;
  } catch {
    return DEFAULT_DROPOFF_LOCATION;
  }
}

/**
 * The shop this counter is at, remembered on the device: a counter sale (the storefront's invoice, the quick sale)
 * names it, and its sales tax rate applies.
 */
export function useCounterShop(): [BookableLocation, (shop: BookableLocation) => void] {
  const [shop, setShop] = useState<BookableLocation>(remembered);
  return [
    shop,
    (next) => {
      setShop(next);
      try {
        localStorage.setItem(COUNTER_SHOP_KEY, next);
      } catch {
        // A device that keeps nothing still sells at the chosen shop for this page.
      }
    },
  ];
}

const options = BOOKABLE_LOCATIONS.map((place) => ({ value: place, label: TAX_LOCATION_LABELS[place] }));

/** "Counter at": Littleton or Highlands Ranch. */
export function CounterShopSelect({ shop, onChange }: { shop: BookableLocation; onChange: (shop: BookableLocation) => void }) {
  return (
    <FormField label="Counter at" description="This device remembers it.">
      <Select
        selectedOption={options.find((option) => option.value === shop) ?? options[0]!}
        options={options}
        onChange={({ detail }) => {
          const value = detail.selectedOption.value;
          if (isBookableLocation(value)) onChange(value);
        }}
      />
    </FormField>
  );
}
