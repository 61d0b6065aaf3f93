import { afterEach, describe, expect, it, vi } from "vitest";

vi.mock("../lib/navigation", () => ({ goToServerLogin: vi.fn(), currentPath: () => "/my-grips" }));

import { goToServerLogin } from "../lib/navigation";
import { toasts } from "../toast/toast-store";
import { handleUnauthorized } from "./unauthorized";

afterEach(() => vi.useRealTimers());

describe("handleUnauthorized", () => {
  it("says the user is logged out, then goes to /api/login after 500 ms", () => {
    vi.useFakeTimers();
    handleUnauthorized();
    expect(toasts.current()).toMatchObject({
      title: "Unauthorized",
      description: "You are logged out. Logging in again...",
      variant: "destructive",
    });
    vi.advanceTimersByTime(499);
    expect(goToServerLogin).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(goToServerLogin).toHaveBeenCalledTimes(1);
  });
});
