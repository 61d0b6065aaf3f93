import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { servicesQueryKey } from "../../data/catalogue";
import { loyaltyQueryKey, membershipQueryKey } from "../../data/membership";
import { myPacksQueryKey } from "../../data/packs";
import { markBagHandover, ordersQueryKey, startCheckout } from "../../data/orders";
import { paddlesQueryKey } from "../../data/paddles";
import { forgetStoredSession } from "../../auth/session";
import { apiJson, isUnauthorizedError } from "../../lib/api";
import { errorStatus, needsPhoneVerification, serverMessage } from "../../lib/api-error";
import { newIdempotencyKey } from "../../lib/idempotency";
import { useToast } from "../../toast/use-toast";
import { bookingErrorField, type BookingFailure, type BookingRequest } from "./booking-state";

/** A booking as the confirm dialog froze it: retries send exactly this, with the same key. */
export interface SavedBooking {
  request: BookingRequest;
  idempotencyKey: string;
}

export type BookingStep =
  | { step: "idle" }
  | { step: "confirm"; saved: SavedBooking }
  /** The phone to verify: before Confirm (`beforeConfirm`, none verified yet), or when the server asked for it at Confirm. */
  | { step: "phone"; saved: SavedBooking; beforeConfirm?: boolean }
  /** The session ended at Confirm: sign in again over the page, then the saved booking again. */
  | { step: "signin"; saved: SavedBooking }
  | {
      step: "booked";
      orderId: string;
      requiresPayment: boolean;
      payment: "none" | "redirecting" | "failed";
      /** The promised pickup day and the bag (the one the shop assigned, for "I don't have a bag yet"). */
      pickupDate: string | null;
      bagNumber: string | null;
      bagFromShop: boolean;
    };

function bookingFailureMessage(error: unknown): string {
  const status = errorStatus(error);
  return serverMessage(error) ?? (status ? `Request failed with status ${status}` : "We couldn't reach the shop. Please check your connection and try again.");
}

/**
 * Verify a phone first when none is verified, confirm, book (an expired session: sign in again in place), verify a phone when the server asks, retry the saved booking
 * with the same Idempotency-Key, then pay. `onBooked` resets the page.
 */
export function useBookingFlow(onBooked: () => void, goTo: (url: string) => void = (url) => window.location.assign(url)) {
  const { toast } = useToast();
  const queryClient = useQueryClient();
  const [state, setState] = useState<BookingStep>({ step: "idle" });
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<BookingFailure>();
  const inFlight = useRef(false);

  /** The confirm dialog; first the phone's code when the customer has no verified phone (the server would refuse). */
  function confirm(request: BookingRequest, phoneVerified = true) {
    setFailure(undefined);
    const saved = { request, idempotencyKey: newIdempotencyKey() };
    setState(phoneVerified ? { step: "confirm", saved } : { step: "phone", saved, beforeConfirm: true });
  }

  async function submit(saved: SavedBooking) {
    if (inFlight.current) return;
    inFlight.current = true;
    setSubmitting(true);
    try {
      const booked = await apiJson<{ id: string; requiresPayment: boolean; pickupDate?: string | null; bagNumber?: string | null }>("POST", "/api/book-service", saved.request, {
        "Idempotency-Key": saved.idempotencyKey,
      });
      toast({ title: "Service Booked", description: "Your paddle is on the schedule. See you at drop-off!" });
      void queryClient.invalidateQueries({ queryKey: ordersQueryKey });
      void queryClient.invalidateQueries({ queryKey: servicesQueryKey });
      void queryClient.invalidateQueries({ queryKey: paddlesQueryKey });
      void queryClient.invalidateQueries({ queryKey: membershipQueryKey });
      void queryClient.invalidateQueries({ queryKey: loyaltyQueryKey });
      void queryClient.invalidateQueries({ queryKey: myPacksQueryKey });
      onBooked();
      const facts = { pickupDate: booked.pickupDate ?? null, bagNumber: booked.bagNumber ?? null, bagFromShop: !!saved.request.needsBag };
      // The order page says, after the payment's return too, that the shop hands this bag over at drop-off.
      if (facts.bagFromShop) markBagHandover(localStorage, booked.id);
      if (!booked.requiresPayment) {
        setState({ step: "booked", orderId: booked.id, requiresPayment: false, payment: "none", ...facts });
        return;
      }
      setState({ step: "booked", orderId: booked.id, requiresPayment: true, payment: "redirecting", ...facts });
      try {
        const { url } = await startCheckout(booked.id);
        goTo(url);
      } catch {
        // The booking stands; only the payment page could not be opened.
        setState({ step: "booked", orderId: booked.id, requiresPayment: true, payment: "failed", ...facts });
      }
    } catch (error) {
      if (needsPhoneVerification(error)) {
        setState({ step: "phone", saved });
      } else if (isUnauthorizedError(error)) {
        // The session expired: its tokens forgotten, and a sign-in over the page (SignInAgainDialog) that then
        // sends this same booking with the same key, rather than 'Booking Failed / Unauthorized'. Whoever leaves
        // the dialog for the sign-in page (Google, say) finds the draft (./booking-draft) when they come back.
        forgetStoredSession();
        setState({ step: "signin", saved });
      } else {
        setState({ step: "idle" });
        const message = bookingFailureMessage(error);
        // Under the field it belongs to (and in a toast, for whoever is looking at the top of the page).
        setFailure({ field: bookingErrorField(message), message });
        toast({ title: "Booking Failed", description: message, variant: "destructive" });
      }
    } finally {
      inFlight.current = false;
      setSubmitting(false);
    }
  }

  return {
    state,
    submitting,
    failure,
    clearFailure: () => setFailure(undefined),
    confirm,
    submit,
    close: () => setState({ step: "idle" }),
  };
}
