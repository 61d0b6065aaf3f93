import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../auth/session", () => ({ currentIdToken: vi.fn(async () => undefined) }));

import { currentIdToken } from "../auth/session";
import { apiErrorMessage, apiRequest, isUnauthorizedError } from "./api";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.mocked(currentIdToken).mockResolvedValue(undefined);
});

describe("apiErrorMessage", () => {
  it("uses the body text", () => expect(apiErrorMessage(400, "Bad Request", '{"message":"no"}')).toBe('400: {"message":"no"}'));
  it("falls back to the status text", () => expect(apiErrorMessage(503, "Service Unavailable", "")).toBe("503: Service Unavailable"));
});

describe("isUnauthorizedError", () => {
  it("needs 401 first and Unauthorized in the text", () => {
    expect(isUnauthorizedError(new Error('401: {"message":"Unauthorized"}'))).toBe(true);
    expect(isUnauthorizedError(new Error("401: Unauthorized"))).toBe(true);
    expect(isUnauthorizedError(new Error("401: Token expired"))).toBe(false);
    expect(isUnauthorizedError(new Error("403: Unauthorized"))).toBe(false);
    expect(isUnauthorizedError("401: Unauthorized")).toBe(false);
  });
});

describe("apiRequest", () => {
  function stubFetch(response: Response) {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => response);
    vi.stubGlobal("fetch", fetchMock);
    return fetchMock;
  }

  it("sends the bearer token, cookies and a JSON body", async () => {
    vi.mocked(currentIdToken).mockResolvedValue("id-token");
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("POST", "/api/paddles", { brand: "Joola" });
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/paddles");
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(init.body).toBe('{"brand":"Joola"}');
    expect(init.headers).toMatchObject({ Authorization: "Bearer id-token", "Content-Type": "application/json" });
  });

  it("sends no token nor content type when signed out and bodiless", async () => {
    const fetchMock = stubFetch(new Response("{}", { status: 200 }));
    await apiRequest("GET", "/api/services");
    const headers = fetchMock.mock.calls[0][1].headers as Record<string, string>;
    expect(headers.Authorization).toBeUndefined();
    expect(headers["Content-Type"]).toBeUndefined();
    expect(fetchMock.mock.calls[0][1].body).toBeUndefined();
  });

  it("throws status and body text on a non-OK response", async () => {
    stubFetch(new Response('{"message":"Unauthorized"}', { status: 401, statusText: "Unauthorized" }));
    await expect(apiRequest("GET", "/api/auth/user")).rejects.toThrow('401: {"message":"Unauthorized"}');
  });

  it("throws status and status text when the body is empty", async () => {
    stubFetch(new Response("", { status: 500, statusText: "Internal Server Error" }));
    await expect(apiRequest("GET", "/api/orders")).rejects.toThrow("500: Internal Server Error");
  });
});

describe("apiRequest headers", () => {
  it("adds extra headers such as an Idempotency-Key", async () => {
    const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => new Response("{}", { status: 201 }));
    vi.stubGlobal("fetch", fetchMock);
    await apiRequest("POST", "/api/book-service", { paddleId: "p1" }, { "Idempotency-Key": "k-1" });
    expect(fetchMock.mock.calls[0][1].headers).toMatchObject({ "Idempotency-Key": "k-1", "Content-Type": "application/json" });
  });
});
