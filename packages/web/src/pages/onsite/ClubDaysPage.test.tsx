// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderPage } from "../../test/render";
import { scheduleEvent } from "../../test/views";
import ClubDaysPage from "./ClubDaysPage";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ClubDaysPage", () => {
  it("lists the onsite days and delivery runs with club, address, map, date, times and seats, and books the open ones", async () => {
    fakeApi({
      "GET /api/schedule": () =>
        Response.json({
          items: [
            scheduleEvent(),
            scheduleEvent({ id: "ev-full", date: "2026-12-05", seatsLeft: 0, partner: { locationKey: "OAK", name: "Oak Courts", address: null, mapsUrl: null } }),
            scheduleEvent({ id: "run-1", type: "DELIVERY", date: "2026-12-01", startTime: "16:00", endTime: null, seatsLeft: 1 }),
          ],
        }),
    });
    renderPage(<ClubDaysPage />, { path: "/onsite" });
    const onsite = (await screen.findByRole("heading", { name: "On-site gripping days" })).closest("section")!;
    const [open, full] = within(onsite).getAllByRole("listitem");
    expect(open!.textContent).toContain("Wednesday, December 2");
    expect(open!.textContent).toContain("Pine Club");
    expect(open!.textContent).toContain("9 am to 12 pm");
    expect(open!.textContent).toContain("1 Pine St, Denver, CO");
    expect(open!.textContent).toContain("5 seats left");
    expect(within(open!).getByRole("link", { name: /Map of Pine Club/ }).getAttribute("href")).toBe("https://maps.example/pine");
    expect(within(open!).getByRole("link", { name: /^Book a seat at Pine Club/ }).getAttribute("href")).toBe("/booking?event=ev-1");
    expect(full!.textContent).toContain("Full");
    expect(within(full!).queryByRole("link", { name: /^Book/ })).toBeNull();
    const runs = screen.getByRole("heading", { name: "Delivery runs to clubs" }).closest("section")!;
    expect(within(runs).getByRole("listitem").textContent).toContain("Tuesday, December 1");
    expect(within(runs).getByRole("listitem").textContent).toContain("1 seat left");
  });

  it("says when the schedule cannot be loaded, and tries again", async () => {
    let fail = true;
    fakeApi({ "GET /api/schedule": () => (fail ? new Response("", { status: 500 }) : Response.json({ items: [] })) });
    renderPage(<ClubDaysPage />, { path: "/onsite" });
    await screen.findByText("Unable to load the schedule. Please try again.");
    fail = false;
    screen.getByRole("button", { name: "Retry" }).click();
    await screen.findByText(/No club day is scheduled right now/);
  });
});
