import { currentIdToken } from "../auth/session";

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** The spec's request error: `{status}: {body text, or status text if empty}`. */
export function apiErrorMessage(status: number, statusText: string, bodyText: string): string {
  return `${status}: ${bodyText || statusText}`;
}

/** An error the server raised because the caller is not (or no longer) signed in. */
export function isUnauthorizedError(error: unknown): boolean {
  return error instanceof Error && error.message.startsWith("401") && error.message.includes("Unauthorized");
}

/**
 * Resolves in a task of its own (the browser's `scheduler.yield`, or a timer where it has none). A render that
 * mounts several reads starts all their requests from one task; each request then starts in a task of its own, so
 * a phone's main thread is never held for all of them at once (a request's start costs the main thread a few
 * milliseconds on a slow phone, more under a profiler).
 */
function nextTask(): Promise<void> {
  const { scheduler } = globalThis as { scheduler?: { yield?: () => Promise<void> } };
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * Every call to /api goes through here: the Cognito ID token when signed in,
 * cookies, JSON bodies (and e.g. an Idempotency-Key). A non-OK response
 * throws with apiErrorMessage.
 */
export async function apiRequest(
  method: HttpMethod,
  path: string,
  body?: unknown,
  extraHeaders?: Record<string, string>,
): Promise<Response> {
  const headers: Record<string, string> = { Accept: "application/json", ...extraHeaders };
  await nextTask();
  const token = await currentIdToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    credentials: "include",
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new Error(apiErrorMessage(response.status, response.statusText, text));
  }
  return response;
}

/** A JSON answer; undefined for 204 No Content. */
export async function apiJson<T>(method: HttpMethod, path: string, body?: unknown, extraHeaders?: Record<string, string>): Promise<T> {
  const response = await apiRequest(method, path, body, extraHeaders);
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}
