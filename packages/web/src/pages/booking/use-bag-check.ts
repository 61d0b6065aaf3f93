import { isBookingBagNumber, type BagAvailability } from "@regrip/core/shared/bags";
import { useEffect, useState } from "react";
import { bagAvailability } from "../../data/schedule";

/** How long the typing pauses before the bag is checked. */
const BAG_CHECK_DELAY_MS = 350;

/**
 * A typed bag number checked as it is typed (GET /api/bags/{key}/availability), once the typing pauses: the
 * answer for the number in the field now, or undefined while there is none (not 3 digits, signed out, asking,
 * or the check could not be made: the booking itself still checks).
 */
export function useBagCheck(code: string, enabled: boolean): BagAvailability | undefined {
  const [answer, setAnswer] = useState<BagAvailability>();
  const wanted = enabled && isBookingBagNumber(code) ? code.trim() : undefined;
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    const timer = setTimeout(() => {
      bagAvailability(wanted).then(
        (found) => current && setAnswer({ ...found, code: wanted }),
        () => undefined,
      );
    }, BAG_CHECK_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [wanted]);
  return wanted && answer?.code === wanted ? answer : undefined;
}
