/**
 * Reading the request helper's errors (`{status}: {body}`, see api.ts): the
 * status, and the server's `{ message }` to show a customer.
 */
import { PHONE_VERIFICATION_REQUIRED, UNKNOWN_ERROR } from "@regrip/core/shared/api-words";

export function errorStatus(error: unknown): number | undefined {
  if (!(error instanceof Error)) return undefined;
  const match = /^(\d{3}): /.exec(error.message);
  return match ? Number(match[1]) : undefined;
}

/** The server's JSON body of a refusal (its message and any fields beside it); undefined when it had none. */
export function serverBody(error: unknown): Record<string, unknown> | undefined {
  if (errorStatus(error) === undefined) return undefined;
  const body = (error as Error).message.replace(/^\d{3}: /, "");
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // Not JSON (a proxy's page, a plain status text): nothing the customer should read.
  }
  return undefined;
}

/** The `message` of the server's JSON body; undefined for a network failure or a body without one. */
export function serverMessage(error: unknown): string | undefined {
  const message = serverBody(error)?.message;
  return typeof message === "string" && message.trim() ? message : undefined;
}

/** The server's message for a failure toast, or "Unknown error" when it sent none. */
export function failureMessage(error: unknown): string {
  return serverMessage(error) ?? UNKNOWN_ERROR;
}

/** An error's text for matching, whatever shape it came in. */
export function errorText(error: unknown): string {
  return serverMessage(error) ?? (error instanceof Error ? error.message : String(error));
}

/** The server's 428 to a booking or a quick sale for a customer whose phone is not verified yet. */
export function needsPhoneVerification(error: unknown): boolean {
  return errorStatus(error) === 428 || errorText(error).includes(PHONE_VERIFICATION_REQUIRED);
}
