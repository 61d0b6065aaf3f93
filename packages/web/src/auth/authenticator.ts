/**
 * Two-step sign-in with an authenticator app (TOTP), with the person's own tokens, as Cognito allows: the app's
 * secret (AssociateSoftwareToken), its first code (VerifySoftwareToken), on or off (SetUserMFAPreference). Then
 * POST /api/auth/authenticator has the server read the pool and put the account in the authenticator group or take
 * it out (staff roles count only with it), and the tokens are refreshed to carry the change.
 */
import { AUTHENTICATOR_ISSUER } from "@regrip/core/shared/accounts";
import { apiJson } from "../lib/api";
import { loadAmplify } from "./load-amplify";

export interface AuthenticatorSecret {
  /** The key to type into an app that cannot scan (base32). */
  secret: string;
  /** The `otpauth://` address the QR code holds. */
  uri: string;
}

/** A new secret for this account's authenticator app; nothing changes until its first code is confirmed. */
export async function beginAuthenticatorSetup(accountName: string): Promise<AuthenticatorSecret> {
  const { setUpTOTP } = await loadAmplify();
  const details = await setUpTOTP();
  return { secret: details.sharedSecret, uri: details.getSetupUri(AUTHENTICATOR_ISSUER, accountName).toString() };
}

/** The app's first code: two-step sign-in is on, the server knows it, and the tokens say so. */
export async function finishAuthenticatorSetup(code: string): Promise<void> {
  const { verifyTOTPSetup, updateMFAPreference } = await loadAmplify();
  await verifyTOTPSetup({ code, options: { friendlyDeviceName: "Regrip" } });
  await updateMFAPreference({ totp: "PREFERRED" });
  await settleAuthenticator();
}

/** Two-step sign-in off (a customer's choice; staff must keep it: the server then closes staff tools). */
export async function turnOffAuthenticator(): Promise<void> {
  const { updateMFAPreference } = await loadAmplify();
  await updateMFAPreference({ totp: "DISABLED" });
  await settleAuthenticator();
}

/** The server brings the authenticator group in line with the pool; fresh tokens then carry it. */
async function settleAuthenticator(): Promise<void> {
  await apiJson("POST", "/api/auth/authenticator");
  const { fetchAuthSession } = await loadAmplify();
  await fetchAuthSession({ forceRefresh: true });
}
