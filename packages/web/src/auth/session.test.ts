import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const { fetchAuthSession, loadAmplify } = vi.hoisted(() => {
  const fetchAuthSession = vi.fn(async () => ({ tokens: { idToken: { toString: () => "refreshed-token" } } }));
  return { fetchAuthSession, loadAmplify: vi.fn(async () => ({ fetchAuthSession })) };
});
vi.mock("./load-amplify", () => ({ authConfig: () => ({ userPoolClientId: "client1" }), loadAmplify }));

import { currentIdToken } from "./session";

const base64Url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const idToken = `${base64Url({ alg: "RS256" })}.${base64Url({ sub: "u1", exp: 2_000 })}.signature`;
const expiresAt = 2_000_000;

function store(entries: Record<string, string>) {
  vi.stubGlobal("localStorage", { getItem: (key: string) => entries[key] ?? null });
}

beforeEach(() => vi.clearAllMocks());
afterEach(() => vi.unstubAllGlobals());

describe("currentIdToken", () => {
  it("answers undefined for a visitor, without loading Amplify", async () => {
    store({});
    await expect(currentIdToken(0)).resolves.toBeUndefined();
    expect(loadAmplify).not.toHaveBeenCalled();
  });

  it("sends the stored ID token while it is fresh, without loading Amplify", async () => {
    store({ "CognitoIdentityServiceProvider.client1.LastAuthUser": "casey", "CognitoIdentityServiceProvider.client1.casey.idToken": idToken });
    await expect(currentIdToken(expiresAt - 60_000)).resolves.toBe(idToken);
    expect(loadAmplify).not.toHaveBeenCalled();
  });

  it("loads Amplify to refresh an expired token, and answers undefined when the refresh fails", async () => {
    store({ "CognitoIdentityServiceProvider.client1.LastAuthUser": "casey", "CognitoIdentityServiceProvider.client1.casey.idToken": idToken });
    await expect(currentIdToken(expiresAt)).resolves.toBe("refreshed-token");
    expect(loadAmplify).toHaveBeenCalledTimes(1);
    fetchAuthSession.mockRejectedValueOnce(new Error("refresh token expired"));
    await expect(currentIdToken(expiresAt)).resolves.toBeUndefined();
  });
});

describe("a stored session the server would refuse", () => {
  function memoryStore(entries: Record<string, string>) {
    const map = new Map(Object.entries(entries));
    vi.stubGlobal("localStorage", {
      getItem: (key: string) => map.get(key) ?? null,
      removeItem: (key: string) => void map.delete(key),
      key: (index: number) => [...map.keys()][index] ?? null,
      get length() {
        return map.size;
      },
    });
    return map;
  }

  it("is forgotten, without a call, when another client's pool issued it (a reset shop)", async () => {
    const foreign = `${base64Url({ alg: "RS256" })}.${base64Url({ sub: "u1", exp: 2_000, aud: "another-client" })}.signature`;
    const map = memoryStore({
      "CognitoIdentityServiceProvider.client1.LastAuthUser": "casey",
      "CognitoIdentityServiceProvider.client1.casey.idToken": foreign,
      "CognitoIdentityServiceProvider.client1.casey.refreshToken": "r",
      "unrelated.key": "kept",
    });
    await expect(currentIdToken(expiresAt - 60_000)).resolves.toBeUndefined();
    expect([...map.keys()]).toEqual(["unrelated.key"]);
    expect(loadAmplify).not.toHaveBeenCalled();
  });

  it("forgetStoredSession drops this client's keys only", async () => {
    const { forgetStoredSession } = await import("./session");
    const map = memoryStore({ "CognitoIdentityServiceProvider.client1.LastAuthUser": "casey", "CognitoIdentityServiceProvider.client2.LastAuthUser": "x" });
    forgetStoredSession();
    expect([...map.keys()]).toEqual(["CognitoIdentityServiceProvider.client2.LastAuthUser"]);
  });
});
