import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { currentUserQueryKey } from "../auth/current-user";
import { sendPhoneCode, verifyPhoneCode } from "../data/account";
import { failureMessage, serverMessage } from "../lib/api-error";
import { displayPhone, formatPhoneInput, INVALID_BOOKING_PHONE, INVALID_E164, INVALID_OR_EXPIRED, isE164, normaliseUsPhone, PHONE_INPUT_MAX_LENGTH } from "@regrip/core/shared/phone";
import type { CurrentUser } from "@regrip/core/shared/users";
import { verificationCodeError } from "../lib/validation";
import { useToast } from "../toast/use-toast";
import { Dialog } from "./Dialog";

interface Props {
  /** Booking: a US number typed as +1 (AAA) BBB-CCCC. Settings: E.164 as typed. */
  rule: "booking" | "settings";
  initialPhone?: string | null;
  onClose: () => void;
  /** After the code is accepted; the current user is already refreshed. */
  onVerified: (user: CurrentUser) => void;
}

/** Two steps: enter the phone and Send Code, then the 6-digit code and Verify. Cancel starts over. */
export function PhoneVerificationDialog({ rule, initialPhone, onClose, onVerified }: Props) {
  const id = useId();
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [phone, setPhone] = useState(() => (rule === "booking" ? formatPhoneInput(initialPhone ?? "") : (initialPhone ?? "")));
  const [sentTo, setSentTo] = useState<string>();
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);

  async function send(event?: FormEvent) {
    event?.preventDefault();
    let target: string;
    if (rule === "booking") {
      const normalised = normaliseUsPhone(phone);
      if (!normalised) {
        toast({ title: "Invalid Phone Number", description: INVALID_BOOKING_PHONE, variant: "destructive" });
        return;
      }
      target = normalised;
    } else {
      target = phone.trim();
      if (!isE164(target)) {
        toast({ title: "Invalid Phone Number", description: INVALID_E164, variant: "destructive" });
        return;
      }
    }
    setBusy(true);
    try {
      const { phoneNumber } = await sendPhoneCode(target);
      setSentTo(phoneNumber || target);
      setCode("");
      toast({ title: "Verification Code Sent", description: `We texted a 6-digit code to ${displayPhone(phoneNumber || target)}.` });
    } catch (error) {
      toast({
        title: rule === "booking" ? "Failed to Send Code" : "Failed to Update Phone",
        description: failureMessage(error),
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  }

  async function verify(event: FormEvent) {
    event.preventDefault();
    const problem = verificationCodeError(code);
    if (problem) {
      toast({ title: "Invalid Code", description: problem, variant: "destructive" });
      return;
    }
    setBusy(true);
    try {
      const user = await verifyPhoneCode(code.trim());
      queryClient.setQueryData(currentUserQueryKey, user);
      await queryClient.invalidateQueries({ queryKey: currentUserQueryKey });
      toast({ title: "Phone Verified!", description: "Thanks! We'll text you when your paddle is ready." });
      onVerified(user);
    } catch (error) {
      toast({ title: "Verification Failed", description: serverMessage(error) ?? INVALID_OR_EXPIRED, variant: "destructive" });
      setBusy(false);
    }
  }

  const booking = rule === "booking";
  return (
    <Dialog
      title={booking ? "Verify Your Phone" : "Update Phone Number"}
      description={
        sentTo
          ? `Enter the 6-digit code we texted to ${displayPhone(sentTo)}. It expires in 10 minutes.`
          : booking
            ? "We need a verified mobile number before we can book your service. We text you when your paddle is ready."
            : "We'll text a 6-digit code to confirm the new number."
      }
      onClose={onClose}
      size="small"
    >
      {!sentTo ? (
        <form onSubmit={send} noValidate aria-label="Send a verification code">
          <div className="field">
            <label htmlFor={`${id}-phone`}>Mobile phone</label>
            <input
              id={`${id}-phone`}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={PHONE_INPUT_MAX_LENGTH}
              placeholder={booking ? "+1 (303) 555-0142" : "+12345678901"}
              value={phone}
              onChange={(event) => setPhone(booking ? formatPhoneInput(event.target.value) : event.target.value)}
              data-autofocus
            />
          </div>
          <p className="field-hint">Message and data rates may apply. Reply STOP to opt out, HELP for help.</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? "Sending..." : "Send Code"}
            </button>
          </div>
        </form>
      ) : (
        <form onSubmit={verify} noValidate aria-label="Enter the verification code">
          <div className="field">
            <label htmlFor={`${id}-code`}>Verification code</label>
            <input
              id={`${id}-code`}
              className="code-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="123456"
              value={code}
              onChange={(event) => setCode(event.target.value.replace(/\D/g, "").slice(0, 6))}
              autoFocus
            />
          </div>
          <p className="field-hint">
            Didn't get it?{" "}
            <button type="button" className="link-button" onClick={() => void send()} disabled={busy}>
              Send a new code
            </button>
          </p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-outline" onClick={onClose}>
              Cancel
            </button>
            <button type="button" className="btn btn-outline" onClick={() => setSentTo(undefined)} disabled={busy}>
              Back
            </button>
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {busy ? "Verifying..." : "Verify"}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
