import { usePasswordSignIn } from "../../auth/use-password-sign-in";
import { Dialog } from "../../components/Dialog";
import { currentPath, goToServerLogin } from "../../lib/navigation";
import { AuthenticatorCodeForm } from "../login/AuthenticatorCodeForm";
import { PasswordSignInForm } from "../login/PasswordSignInForm";

/**
 * The session ended while the booking was being confirmed: sign in again here, over the booking as it was, and
 * `onSignedIn` sends it (the same request, the same Idempotency-Key). A sign-in this dialog cannot finish (a
 * Google account, a new password the pool asks for) goes to the sign-in page; the draft (./booking-draft) brings
 * the booking back there.
 */
export function SignInAgainDialog({ email, onSignedIn, onClose }: { email?: string | null; onSignedIn: () => void; onClose: () => void }) {
  const signIn = usePasswordSignIn({ name: "email", onSignedIn });
  const elsewhere = !!signIn.newPasswordFor || !!signIn.unconfirmed;
  return (
    <Dialog title="Sign in again to book" description="Your session ended. Your booking is kept: sign in and it goes through as you confirmed it." onClose={onClose} size="small">
      {signIn.codeFor ? (
        <AuthenticatorCodeForm username={signIn.codeFor} busy={signIn.busy} error={signIn.error} onSubmit={signIn.submitCode} onCancel={signIn.cancelNewPassword} />
      ) : elsewhere ? (
        <p className="notice" role="alert">
          This account needs a step the sign-in page takes. Your booking is kept on this device.
        </p>
      ) : (
        <PasswordSignInForm title="Sign in again" nameLabel="Email" nameType="email" initialName={email ?? ""} busy={signIn.busy} error={signIn.error} onSubmit={signIn.submit} />
      )}
      <div className="dialog-actions">
        <button type="button" className="btn btn-outline" onClick={() => goToServerLogin(currentPath())}>
          Go to the sign-in page
        </button>
      </div>
    </Dialog>
  );
}
