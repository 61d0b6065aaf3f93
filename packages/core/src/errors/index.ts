/**
 * Errors the domain raises on purpose. Each carries a message meant for the
 * person using the app; the handler layer maps the kind to an HTTP status.
 */
export type ErrorKind = "invalid" | "unauthorized" | "forbidden" | "not_found" | "conflict" | "precondition" | "too_many" | "unavailable";

export class DomainError extends Error {
  constructor(
    readonly kind: ErrorKind,
    message: string,
    /**
     * Fields the refusal answers beside its message (e.g. a 409's `existingCustomerId`), so the page can offer the
     * way on; never `message` itself.
     */
    readonly details?: Readonly<Record<string, unknown>>,
  ) {
    super(message);
    this.name = "DomainError";
  }
}

export const invalid = (message: string) => new DomainError("invalid", message);
export const notFound = (message: string) => new DomainError("not_found", message);
export const conflict = (message: string, details?: Record<string, unknown>) => new DomainError("conflict", message, details);
export const forbidden = (message: string, details?: Record<string, unknown>) => new DomainError("forbidden", message, details);
export const unauthorized = (message = "Unauthorized", details?: Record<string, unknown>) => new DomainError("unauthorized", message, details);
/** 428: something must be done first (e.g. verify the phone before booking). */
export const precondition = (message: string) => new DomainError("precondition", message);
/** 429: the caller must wait (rate limits, too many tries). */
export const tooMany = (message: string) => new DomainError("too_many", message);
export const unavailable = (message: string) => new DomainError("unavailable", message);
