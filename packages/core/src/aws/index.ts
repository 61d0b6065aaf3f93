/**
 * How long any AWS SDK call of a request may take, and how a call that the
 * service did not answer is told apart from our own bugs.
 *
 * Without limits the SDK waits on a silent socket for as long as the Lambda
 * lives (and forever on one machine): a frozen DynamoDB froze every request in
 * flight. With them a call gives up after `connectionTimeoutMs` to connect or
 * `requestTimeoutMs` for an answer, is tried `maxAttempts` times in all with
 * the SDK's standard backoff (timeouts and refused connections count as
 * transient), and then fails with an error that `isServiceUnavailable` names,
 * which the handler layer answers as 503 with a message.
 *
 * Worst case for one call that never gets an answer: 3 x 2 s plus the
 * backoff, about 7 s, well inside the API handlers' Lambda timeout
 * (`handlerTimeoutSeconds` in stacks/handlers.ts), which is in turn inside
 * API Gateway's 30 s: the caller gets our 503 and its message, not the
 * gateway's bare one. DynamoDB answers in milliseconds, so 2 s is generous.
 */
export const callLimits = {
  connectionTimeoutMs: 1_000,
  requestTimeoutMs: 2_000,
  maxAttempts: 3,
} as const;

/** The part of every AWS SDK client's config that sets the limits above. */
export function sdkClientConfig(limits: { connectionTimeoutMs: number; requestTimeoutMs: number; maxAttempts: number } = callLimits) {
  return {
    maxAttempts: limits.maxAttempts,
    requestHandler: {
      connectionTimeout: limits.connectionTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Without this the SDK only logs a warning when the request time is up, and goes on waiting.
      throwOnRequestTimeout: true,
    },
  };
}

/** What a person is told when a service the shop depends on does not answer. */
export const UNAVAILABLE_MESSAGE = "The shop is not able to answer right now. Please try again in a moment.";

/** Error names and codes meaning "the service did not answer or is overloaded", not "the request was wrong". */
const UNAVAILABLE = new Set([
  // The SDK's own time limits (NodeHttpHandler's connection and request timeouts).
  "TimeoutError",
  "RequestTimeout",
  "RequestTimeoutException",
  // Sockets: nobody listening, the peer went away, the network dropped the call.
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EAI_AGAIN",
  // The service said it is overloaded or failing, and the SDK's retries ran out.
  "ThrottlingException",
  "ProvisionedThroughputExceededException",
  "RequestLimitExceeded",
  "InternalServerError",
  "InternalFailure",
  "ServiceUnavailable",
  "ServiceUnavailableException",
]);

/**
 * True when `error`, or an error it wraps (ElectroDB keeps the SDK's error as
 * `cause`), says that an AWS service did not answer in time or is unavailable.
 */
export function isServiceUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === "object"; depth++) {
    const { name, code } = current as { name?: unknown; code?: unknown };
    if ((typeof name === "string" && UNAVAILABLE.has(name)) || (typeof code === "string" && UNAVAILABLE.has(code))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
