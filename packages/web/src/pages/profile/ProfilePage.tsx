import { Suspense, useId, useState, type FormEvent } from "react";
import { NAME_MAX_LENGTH } from "@regrip/core/shared/names";
import { useCurrentUser } from "../../auth/current-user";
import { displayName } from "../../auth/roles";
import { Avatar } from "../../components/Avatar";
import { LoadingSpinner } from "../../components/LoadingSpinner";
import { Switch } from "../../components/Switch";
import { EmailField, TextField } from "../../components/TextField";
import { useUpdateCurrentUser, type ProfileChanges } from "../../data/account";
import { serverMessage } from "../../lib/api-error";
import { lazyChunk } from "../../lib/load-chunk";
import { currentPath, goToServerLogin, goToServerLogout } from "../../lib/navigation";
import { usePageMeta } from "../../lib/page-meta";
import { displayPhone, formatPhoneInput, INCOMPLETE_PHONE, isValidOptionalUsPhone, normaliseUsPhone, PHONE_INPUT_MAX_LENGTH } from "@regrip/core/shared/phone";
import { PROMOTIONS_CONSENT_TEXT } from "@regrip/core/shared/sms-consent";
import type { CurrentUser } from "@regrip/core/shared/users";
import "../../styles/customer.css";
import "../../styles/profile.css";
import { useToast } from "../../toast/use-toast";
import { Email } from "../../components/Email";
import { TwoStepSignIn } from "./TwoStepSignIn";

const PhoneVerificationDialog = lazyChunk(() => import("../../components/PhoneVerificationDialog").then((m) => ({ default: m.PhoneVerificationDialog })));

type Flag = "smsNotifications" | "smsPromotions" | "emailNotifications" | "emailPromotions";

const switches: { flag: Flag; label: string; hint: string }[] = [
  { flag: "smsNotifications", label: "Text message updates", hint: "Texts about your bookings: confirmations, checked in, ready, picked up, pickup reminders, receipts and refunds." },
  // The words a customer agrees to by switching it on, word for word as the server records them.
  { flag: "smsPromotions", label: "Text message offers", hint: PROMOTIONS_CONSENT_TEXT },
  { flag: "emailNotifications", label: "Email updates", hint: "Order confirmations and receipts by email." },
  { flag: "emailPromotions", label: "Email offers", hint: "News and promotions from the shop." },
];

/** The changes a profile save sends: trimmed names and email, the phone as +1 and 10 digits or "" to clear it. */
export function profileChanges(form: { firstName: string; lastName: string; email: string; phone: string }): ProfileChanges {
  return {
    firstName: form.firstName.trim(),
    lastName: form.lastName.trim(),
    email: form.email.trim(),
    phone: normaliseUsPhone(form.phone) ?? "",
  };
}

function useSaveProfile() {
  const { toast } = useToast();
  const update = useUpdateCurrentUser();
  const save = (changes: ProfileChanges, onDone?: () => void) =>
    update.mutate(changes, {
      onSuccess: () => {
        toast({ title: "Profile Updated", description: "Your changes are saved." });
        onDone?.();
      },
      onError: (error) => toast({ title: "Update Failed", description: serverMessage(error) ?? "Failed to update profile", variant: "destructive" }),
    });
  return { save, saving: update.isPending };
}

function PersonalInfo({ user }: { user: CurrentUser }) {
  const id = useId();
  const { toast } = useToast();
  const { save, saving } = useSaveProfile();
  const [form, setForm] = useState({
    firstName: user.firstName ?? "",
    lastName: user.lastName ?? "",
    email: user.email ?? "",
    phone: displayPhone(user.phone),
  });
  const set = (key: keyof typeof form, value: string) => setForm((f) => ({ ...f, [key]: value }));
  const [verifying, setVerifying] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!isValidOptionalUsPhone(form.phone)) {
      toast({ title: "Invalid Phone Number", description: INCOMPLETE_PHONE, variant: "destructive" });
      return;
    }
    save(profileChanges(form));
  }

  return (
    <section className="card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Personal Information</h2>
      <form onSubmit={submit} noValidate aria-label="Personal information">
        <div className="form-grid">
          <TextField id={`${id}-first`} label="First name" autoComplete="given-name" maxLength={NAME_MAX_LENGTH} value={form.firstName} onChange={(e) => set("firstName", e.target.value)} />
          <TextField id={`${id}-last`} label="Last name" autoComplete="family-name" maxLength={NAME_MAX_LENGTH} value={form.lastName} onChange={(e) => set("lastName", e.target.value)} />
          {/* PUT /api/auth/user changes the shop's contact email, not the account's sign-in (docs/api.md). */}
          <EmailField
            id={`${id}-email`}
            value={form.email}
            onChange={(e) => set("email", e.target.value)}
            aria-describedby={`${id}-email-hint`}
            hint="Where the shop writes to you. You still sign in with the email you signed up with."
          />
          <TextField
            id={`${id}-phone`}
            label={
              <>
                Phone{" "}
                {user.phone && (
                  <span className={user.phoneVerified ? "badge badge-success" : "badge badge-warning"}>{user.phoneVerified ? "Verified" : "Unverified"}</span>
                )}
              </>
            }
            type="tel"
            autoComplete="tel"
            maxLength={PHONE_INPUT_MAX_LENGTH}
            placeholder="+1 (303) 555-0142"
            value={form.phone}
            onChange={(e) => set("phone", formatPhoneInput(e.target.value))}
            aria-describedby={`${id}-phone-hint`}
            hint="A changed number needs verifying again before your next booking."
          >
            {/* A number saved but not verified: its code now, rather than at the next booking. */}
            {user.phone && !user.phoneVerified && (
              <button type="button" className="btn btn-outline btn-small phone-verify" onClick={() => setVerifying(true)}>
                Verify Phone
              </button>
            )}
          </TextField>
        </div>
        <button type="submit" className="btn btn-primary" disabled={saving}>
          {saving ? "Saving..." : "Save Changes"}
        </button>
      </form>
      <Suspense fallback={null}>
        {verifying && (
          <PhoneVerificationDialog
            rule="booking"
            initialPhone={user.phone}
            onClose={() => setVerifying(false)}
            onVerified={(verified) => {
              setVerifying(false);
              set("phone", displayPhone(verified.phone));
            }}
          />
        )}
      </Suspense>
    </section>
  );
}

function Notifications({ user }: { user: CurrentUser }) {
  const { save, saving } = useSaveProfile();
  return (
    <section className="card" aria-labelledby="notifications-title">
      <h2 id="notifications-title">Notifications</h2>
      {switches.map(({ flag, label, hint }) => (
        <Switch key={flag} label={label} hint={hint} checked={user[flag]} disabled={saving} onChange={(checked) => save({ [flag]: checked })} />
      ))}
    </section>
  );
}

export default function ProfilePage() {
  usePageMeta("My Profile", "Your Regrip profile: name, email, phone and how we keep in touch.");
  const { data: user, isPending } = useCurrentUser();

  if (isPending) return <LoadingSpinner />;
  if (!user)
    return (
      <section className="message-page" aria-labelledby="please-log-in">
        <h1 id="please-log-in">Please Log In</h1>
        <p>Log in to see and update your profile.</p>
        <button type="button" className="btn btn-primary" onClick={() => goToServerLogin(currentPath())}>
          Log In
        </button>
      </section>
    );

  return (
    <div className="page profile-page">
      <header className="profile-header">
        <span className="profile-avatar">
          <Avatar user={user} />
        </span>
        <div>
          <h1>{displayName(user)}</h1>
          {user.email && (
            <p className="muted">
              <Email address={user.email} />
            </p>
          )}
        </div>
        <button type="button" className="btn btn-outline profile-logout" onClick={goToServerLogout}>
          Log Out
        </button>
      </header>
      <PersonalInfo key={user.id} user={user} />
      <Notifications user={user} />
      <TwoStepSignIn user={user} />
    </div>
  );
}
