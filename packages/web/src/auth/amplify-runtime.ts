/**
 * Amplify itself, loaded on demand by loadAmplify() (never on a page's first
 * load): signing in, up or out, the hosted UI's return, and refreshing an
 * expired token.
 */
import { Hub } from "aws-amplify/utils";
import type { RuntimeConfig } from "../config/runtime-config";
import { configureAmplify } from "./amplify";
import { emitAuthEvent } from "./auth-bus";

/**
 * @public Read through loadAmplify()'s dynamic import (runtime.signIn, ...), which knip does not follow.
 */
export {
  confirmResetPassword,
  confirmSignIn,
  confirmSignUp,
  fetchAuthSession,
  fetchUserAttributes,
  resendSignUpCode,
  resetPassword,
  setUpTOTP,
  signIn,
  signInWithRedirect,
  signOut,
  signUp,
  updateMFAPreference,
  verifyTOTPSetup,
} from "aws-amplify/auth";

export function startAmplify(config: RuntimeConfig): void {
  Hub.listen("auth", ({ payload }) => emitAuthEvent(payload.event));
  configureAmplify(config);
}
