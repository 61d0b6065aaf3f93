// @vitest-environment happy-dom
import { QueryClientProvider } from "@tanstack/react-query";
import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter, Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "../lib/query-client";
import type { Role } from "@regrip/core/shared/roles";
import type { CurrentUser } from "@regrip/core/shared/users";
import { createToastStore } from "../toast/toast-store";
import { ToastProvider } from "../toast/ToastProvider";
import { customer } from "../test/render";
import { AccessGuard } from "./AccessGuard";
import type { RoleAccess } from "@regrip/core/shared/access";

vi.mock("./session", () => ({ currentIdToken: vi.fn(async () => "id-token"), forgetStoredSession: vi.fn() }));
vi.mock("../lib/navigation", () => ({ goToServerLogin: vi.fn(), goToServerLogout: vi.fn(), currentPath: () => "/my-grips?tab=1" }));

import { goToServerLogin } from "../lib/navigation";

function user(...roles: Role[]) {
  return customer({ roles, phoneVerified: true });
}

/** GET /api/auth/user answers `answer` (a user, or a status), after `delayMs`. */
function serverSays(answer: CurrentUser | number, delayMs = 0) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
      return typeof answer === "number" ? new Response("Unauthorized", { status: answer }) : Response.json(answer);
    }),
  );
}

function renderGuarded(access: RoleAccess, loginRedirectDelayMs?: number) {
  render(
    <QueryClientProvider client={createQueryClient(() => {})}>
      <ToastProvider store={createToastStore()}>
        <MemoryRouter initialEntries={["/queue"]}>
          <Routes>
            <Route
              path="/queue"
              element={
                <AccessGuard access={access} loginRedirectDelayMs={loginRedirectDelayMs}>
                  <p>The service queue</p>
                </AccessGuard>
              }
            />
            <Route path="/" element={<p>The landing page</p>} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.mocked(goToServerLogin).mockClear();
});

describe("AccessGuard", () => {
  it("says it is checking while the user is loading, then shows an allowed page", async () => {
    serverSays(user("CUSTOMER", "EMPLOYEE"), 50);
    renderGuarded("staff");
    expect(screen.getByText("Checking authentication...")).toBeTruthy();
    await screen.findByText("The service queue");
  });

  it("tells a signed-out visitor to log in, then goes to /api/login after 1 s", async () => {
    serverSays(401);
    renderGuarded("customer");
    await screen.findByText("Login Required");
    const shownAt = Date.now();
    expect(screen.getByText("Please log in to access this page.")).toBeTruthy();
    expect(screen.queryByText("The service queue")).toBeNull();
    expect(goToServerLogin).not.toHaveBeenCalled();
    await waitFor(() => expect(goToServerLogin).toHaveBeenCalledTimes(1), { timeout: 2000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);
    // With the page's own path, to come back to after signing in.
    expect(goToServerLogin).toHaveBeenCalledWith("/my-grips?tab=1");
  });

  it("waits only 500 ms when the page asks for it (My Grips)", async () => {
    serverSays(401);
    renderGuarded("customer", 500);
    await screen.findByText("Login Required");
    const shownAt = Date.now();
    await waitFor(() => expect(goToServerLogin).toHaveBeenCalledTimes(1), { timeout: 1000 });
    const waited = Date.now() - shownAt;
    expect(waited).toBeGreaterThanOrEqual(400);
    expect(waited).toBeLessThan(900);
  });

  it("denies a customer a staff page, then goes home after 1 s", async () => {
    serverSays(user("CUSTOMER"));
    renderGuarded("staff");
    await screen.findByText("Access Denied");
    const shownAt = Date.now();
    expect(screen.getByText("You don't have permission to access this page.")).toBeTruthy();
    expect(screen.queryByText("The service queue")).toBeNull();
    await screen.findByText("The landing page", undefined, { timeout: 2000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(900);
    expect(goToServerLogin).not.toHaveBeenCalled();
  });

  it("denies an employee an admin page", async () => {
    serverSays(user("CUSTOMER", "EMPLOYEE"));
    renderGuarded("admin");
    await screen.findByText("Access Denied");
  });

  it("shows the error screen when the user cannot be fetched", async () => {
    serverSays(500);
    renderGuarded("customer");
    await screen.findByText("Something went wrong");
    expect(goToServerLogin).not.toHaveBeenCalled();
  });
});
