import { useQueryClient } from "@tanstack/react-query";
import type { CurrentUser } from "@regrip/core/shared/users";
import { useState } from "react";
import { turnOffAuthenticator } from "../../auth/authenticator";
import { currentUserQueryKey } from "../../auth/current-user";
import { loginErrorMessage } from "../../auth/login-error";
import { displayName, isStaff } from "../../auth/roles";
import { AuthenticatorSetup } from "../../components/AuthenticatorSetup";
import { useToast } from "../../toast/use-toast";

/**
 * Two-step sign-in on the profile: a customer may turn an authenticator app on (and off again); staff have it on
 * (the sign-in page set it up) and keep it, since the server closes staff tools without it.
 */
export function TwoStepSignIn({ user }: { user: CurrentUser }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [settingUp, setSettingUp] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const staff = isStaff(user);

  async function settled(title: string) {
    await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
    toast({ title });
  }

  async function turnOff() {
    setBusy(true);
    setError(undefined);
    try {
      await turnOffAuthenticator();
      await settled("Two-step sign-in is off");
    } catch (failure) {
      setError(loginErrorMessage(failure));
    }
    setBusy(false);
  }

  return (
    <section className="card" aria-labelledby="two-step-title">
      <h2 id="two-step-title">Two-Step Sign-In</h2>
      {settingUp ? (
        <AuthenticatorSetup
          accountName={user.email ?? displayName(user)}
          intro="Each time you sign in, Regrip will ask for the code your authenticator app shows, as well as your password."
          submitLabel="Turn On"
          onDone={async () => {
            setSettingUp(false);
            await settled("Two-step sign-in is on");
          }}
          onCancel={() => setSettingUp(false)}
        />
      ) : user.authenticator ? (
        <>
          <p>
            <strong>On.</strong> Each time you sign in, Regrip asks for the code from your authenticator app.
            {staff && " Staff accounts keep it on."}
          </p>
          {!staff && (
            <button type="button" className="btn btn-outline" disabled={busy} onClick={turnOff}>
              {busy ? "Turning off..." : "Turn Off"}
            </button>
          )}
        </>
      ) : (
        <>
          <p>Add a second step to your sign-in: a 6-digit code from an authenticator app on your phone, so your password alone is not enough.</p>
          <button type="button" className="btn btn-primary" onClick={() => setSettingUp(true)}>
            Turn On
          </button>
        </>
      )}
      {error && (
        <p className="form-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
