import Alert from "@cloudscape-design/components/alert";
import Button from "@cloudscape-design/components/button";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { DRAWER_CLOSED, DRAWER_OPEN, drawerClosedMessage, FLOAT_INVALID, MAX_DRAWER_CENTS } from "@regrip/core/shared/drawer";
import { isBookableLocation, type BookableLocation } from "@regrip/core/shared/location-names";
import { dollarsToCents } from "@regrip/core/shared/money";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { isUnauthorizedError } from "../../../lib/api";
import { failureMessage, serverBody } from "../../../lib/api-error";
import { drawerKeys, openDrawer, useCurrentDrawer } from "./drawer-api";

/** The shop whose drawer is closed, when `error` is the server's 409 DRAWER_CLOSED to cash; else null. */
export function drawerClosedAt(error: unknown): BookableLocation | null {
  const body = serverBody(error);
  return body?.code === DRAWER_CLOSED && isBookableLocation(body.location) ? body.location : null;
}

/**
 * Cash refused because the counter's drawer is closed: the drawer opened in place, with the shop's float
 * prefilled, then `onOpened` (the caller takes the cash again). A drawer someone opened meanwhile counts as opened.
 */
export function DrawerClosedOffer({ location, onOpened }: { location: BookableLocation; onOpened: () => void }) {
  const queryClient = useQueryClient();
  const current = useCurrentDrawer(location);
  const [typed, setTyped] = useState<string | null>(null);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const float = typed ?? (current.data ? (current.data.defaultFloatCents / 100).toFixed(2) : "");

  async function open() {
    const cents = dollarsToCents(float);
    if (!Number.isSafeInteger(cents) || cents < 0 || cents > MAX_DRAWER_CENTS) return setError(FLOAT_INVALID);
    setError(undefined);
    setBusy(true);
    try {
      await openDrawer(location, cents);
    } catch (failure) {
      if (isUnauthorizedError(failure)) return;
      if (serverBody(failure)?.code !== DRAWER_OPEN) return setError(failureMessage(failure));
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: drawerKeys.all });
    }
    onOpened();
  }

  return (
    <Alert type="warning" header="The cash drawer is closed">
      <SpaceBetween size="s">
        <span>{drawerClosedMessage(location)}</span>
        <FormField label="Starting cash ($)" errorText={error}>
          <Input value={float} inputMode="decimal" onChange={({ detail }) => setTyped(detail.value)} ariaLabel="Starting cash in dollars" />
        </FormField>
        <Button onClick={() => void open()} loading={busy}>
          Open the drawer and take the cash
        </Button>
      </SpaceBetween>
    </Alert>
  );
}
