import Box from "@cloudscape-design/components/box";
import Button from "@cloudscape-design/components/button";
import FormField from "@cloudscape-design/components/form-field";
import Input from "@cloudscape-design/components/input";
import Modal from "@cloudscape-design/components/modal";
import SpaceBetween from "@cloudscape-design/components/space-between";
import { customerName, type CustomerView } from "@regrip/core/shared/customers";
import { displayPhone, formatPhoneInput, INVALID_BOOKING_PHONE, normaliseUsPhone } from "@regrip/core/shared/phone";
import { useState } from "react";
import { serverMessage } from "../../../lib/api-error";
import { verificationCodeError } from "../../../lib/validation";
import { sendCustomerPhoneCode, verifyCustomerPhoneCode } from "../customers/customers-api";

interface Props {
  customer: CustomerView;
  onCancel: () => void;
  /** The code was accepted: the customer now has a verified phone; the saved booking is retried. */
  onVerified: (customer: CustomerView) => void;
}

/**
 * 'Phone Required for Booking': the customer at the counter gives a US number, gets a code by text, and
 * reads it out. Cancel Booking drops the saved booking; once a code is sent, Back and Complete Booking.
 */
export function BookingPhoneModal({ customer, onCancel, onVerified }: Props) {
  const [phone, setPhone] = useState(() => formatPhoneInput(customer.phone ?? ""));
  const [phoneError, setPhoneError] = useState<string>();
  const [sentTo, setSentTo] = useState<string>();
  const [code, setCode] = useState("");
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function send() {
    const target = normaliseUsPhone(phone);
    if (!target) return setPhoneError(INVALID_BOOKING_PHONE);
    setBusy(true);
    try {
      const { phoneNumber } = await sendCustomerPhoneCode(customer.id, target);
      setSentTo(phoneNumber || target);
      setCode("");
      setCodeError(undefined);
    } catch (error) {
      setPhoneError(serverMessage(error) ?? "Failed to send verification code");
    } finally {
      setBusy(false);
    }
  }

  async function verify() {
    if (verificationCodeError(code)) return setCodeError("Please enter the 6-digit code");
    setBusy(true);
    try {
      onVerified(await verifyCustomerPhoneCode(customer.id, code.trim()));
    } catch (error) {
      setCodeError(serverMessage(error) ?? "Failed to verify code");
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal
      visible
      header="Phone Required for Booking"
      onDismiss={() => !busy && onCancel()}
      footer={
        <Box float="right">
          <SpaceBetween direction="horizontal" size="xs">
            <Button variant="link" disabled={busy} onClick={onCancel}>
              Cancel Booking
            </Button>
            {sentTo ? (
              <>
                <Button disabled={busy} onClick={() => setSentTo(undefined)}>
                  Back
                </Button>
                <Button variant="primary" loading={busy} onClick={() => void verify()}>
                  Complete Booking
                </Button>
              </>
            ) : (
              <Button variant="primary" loading={busy} onClick={() => void send()}>
                Send Code
              </Button>
            )}
          </SpaceBetween>
        </Box>
      }
    >
      <SpaceBetween size="m">
        <Box>{`${customerName(customer)} needs a verified phone number to receive the payment link.`}</Box>
        {sentTo ? (
          <FormField label="Verification code" description={`Code sent to ${displayPhone(sentTo)}`} errorText={codeError}>
            <Input
              value={code}
              onChange={({ detail }) => {
                setCode(detail.value.replace(/\D/g, "").slice(0, 6));
                setCodeError(undefined);
              }}
              onKeyDown={({ detail }) => detail.key === "Enter" && void verify()}
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              ariaLabel="Verification code"
              invalid={!!codeError}
            />
          </FormField>
        ) : (
          <FormField label="Phone number" description="US number; a code is texted to it" errorText={phoneError}>
            <Input
              value={phone}
              onChange={({ detail }) => {
                setPhone(formatPhoneInput(detail.value));
                setPhoneError(undefined);
              }}
              onKeyDown={({ detail }) => detail.key === "Enter" && void send()}
              inputMode="tel"
              placeholder="+1 (303) 555-0142"
              ariaLabel="Phone number"
              invalid={!!phoneError}
            />
          </FormField>
        )}
      </SpaceBetween>
    </Modal>
  );
}
