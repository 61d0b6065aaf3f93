import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("./session", () => ({ currentIdToken: vi.fn(async (): Promise<string | undefined> => "id-token"), forgetStoredSession: vi.fn() }));

import { fetchCurrentUser } from "./current-user";
import { currentIdToken, forgetStoredSession } from "./session";

afterEach(() => vi.unstubAllGlobals());

function answer(response: Response | Error) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      if (response instanceof Error) throw response;
      return response;
    }),
  );
}

describe("fetchCurrentUser", () => {
  it("parses the user", async () => {
    answer(
      Response.json({
        id: "u1",
        firstName: "Casey",
        lastName: "Dink",
        email: "casey@regrip.test",
        phone: "+13035550142",
        phoneVerified: true,
        profileImageUrl: null,
        smsNotifications: true,
        smsPromotions: false,
        emailNotifications: true,
        emailPromotions: false,
        roles: ["CUSTOMER"],
      }),
    );
    await expect(fetchCurrentUser()).resolves.toMatchObject({ id: "u1", firstName: "Casey", roles: ["CUSTOMER"] });
  });

  it("answers null without asking the server when no ID token is stored (signed out)", async () => {
    vi.mocked(currentIdToken).mockResolvedValueOnce(undefined);
    const fetch = vi.fn(async () => Response.json({ id: "u1" }));
    vi.stubGlobal("fetch", fetch);
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(fetch).not.toHaveBeenCalled();
  });

  it("answers null (signed out) on 401, and forgets the refused session so the next page asks nothing", async () => {
    answer(new Response('{"message":"Unauthorized"}', { status: 401 }));
    await expect(fetchCurrentUser()).resolves.toBeNull();
    expect(forgetStoredSession).toHaveBeenCalledTimes(1);
  });

  it("throws 'Failed to fetch user' on any other failure", async () => {
    answer(new Response("boom", { status: 500 }));
    await expect(fetchCurrentUser()).rejects.toThrow("Failed to fetch user");
    answer(new TypeError("fetch failed"));
    await expect(fetchCurrentUser()).rejects.toThrow("Failed to fetch user");
    answer(new Response("<!doctype html>", { status: 200 }));
    await expect(fetchCurrentUser()).rejects.toThrow("Failed to fetch user");
  });
});
