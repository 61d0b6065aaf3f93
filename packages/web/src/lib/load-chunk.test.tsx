// @vitest-environment happy-dom
import { cleanup, render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from "vitest";
import { ErrorBoundary } from "../components/ErrorBoundary";
import { lazyChunk, loadChunk } from "./load-chunk";

/** What the browser says when a chunk of the previous build is gone (Chromium's words). */
const gone = () => new TypeError("Failed to fetch dynamically imported module: http://localhost/assets/QueuePage-old.js");

let reload: MockInstance<() => void>;

beforeEach(() => {
  sessionStorage.clear();
  history.replaceState(null, "", "/queue");
  reload = vi.spyOn(window.location, "reload").mockImplementation(() => undefined);
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** "pending" while the promise has neither resolved nor rejected once the tasks queued so far have run. */
async function state(promise: Promise<unknown>): Promise<"resolved" | "rejected" | "pending"> {
  let settled: "resolved" | "rejected" | "pending" = "pending";
  promise.then(
    () => (settled = "resolved"),
    () => (settled = "rejected"),
  );
  await new Promise((resolve) => setTimeout(resolve));
  return settled;
}

/** A page whose chunk fails, in the shell's error boundary, as a fresh load of the app makes it. */
function renderFailingPage() {
  const Page = lazyChunk(() => Promise.reject(gone()));
  return render(
    <ErrorBoundary fallback={<p>Something went wrong</p>}>
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>
    </ErrorBoundary>,
  );
}

describe("loadChunk", () => {
  it("hands over the module of an import that works, and does not reload", async () => {
    await expect(loadChunk(async () => ({ answer: 42 }))).resolves.toEqual({ answer: 42 });
    expect(reload).not.toHaveBeenCalled();
  });

  it("reloads the page once when an import fails, and leaves the page as it is until the reload", async () => {
    const loading = loadChunk(() => Promise.reject(gone()));
    expect(await state(loading)).toBe("pending");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("lets the error through when the import fails again at the path it reloaded for", async () => {
    await state(loadChunk(() => Promise.reject(gone())));
    // After the reload: a chunk of the new build that loads fine does not lift the guard of the one that keeps failing.
    await loadChunk(async () => ({ header: true }));
    await expect(loadChunk(() => Promise.reject(gone()))).rejects.toThrow("Failed to fetch dynamically imported module");
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads for another path, and for the same path once the reload is a minute old (the next deploy)", async () => {
    const now = vi.spyOn(Date, "now").mockReturnValue(1_000_000);
    await state(loadChunk(() => Promise.reject(gone())));
    history.replaceState(null, "", "/storefront");
    expect(await state(loadChunk(() => Promise.reject(gone())))).toBe("pending");
    expect(reload).toHaveBeenCalledTimes(2);

    history.replaceState(null, "", "/queue");
    now.mockReturnValue(1_000_000 + 59_000);
    expect(await state(loadChunk(() => Promise.reject(gone())))).toBe("rejected");
    now.mockReturnValue(1_000_000 + 61_000);
    expect(await state(loadChunk(() => Promise.reject(gone())))).toBe("pending");
    expect(reload).toHaveBeenCalledTimes(3);
  });

  it("does not reload when this tab cannot remember a reload (storage blocked): no loop is possible", async () => {
    // As a browser that blocks storage answers: reading window.sessionStorage throws.
    vi.spyOn(window, "sessionStorage", "get").mockImplementation(() => {
      throw new DOMException("blocked", "SecurityError");
    });
    await expect(loadChunk(() => Promise.reject(gone()))).rejects.toThrow("Failed to fetch dynamically imported module");
    expect(reload).not.toHaveBeenCalled();
  });
});

describe("lazyChunk", () => {
  it("renders the component its chunk exports", async () => {
    const Page = lazyChunk(async () => ({ default: () => <h1>Service Queue</h1> }));
    render(
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>,
    );
    expect(await screen.findByRole("heading", { name: "Service Queue" })).toBeTruthy();
  });

  it("keeps the spinner up while it reloads, and shows the error screen when the chunk still fails after the reload", async () => {
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    const first = renderFailingPage();
    await vi.waitFor(() => expect(reload).toHaveBeenCalledTimes(1));
    expect(screen.getByText("Loading")).toBeTruthy();
    first.unmount();

    // After the reload: the app's modules start again, the chunk still fails.
    renderFailingPage();
    expect(await screen.findByText("Something went wrong")).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
