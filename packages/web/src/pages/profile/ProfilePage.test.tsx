// @vitest-environment happy-dom
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { customer, fakeApi, renderPage } from "../../test/render";
import ProfilePage from "./ProfilePage";

vi.mock("../../auth/session", () => ({ currentIdToken: vi.fn(async () => "id-token") }));
vi.mock("../../lib/navigation", () => ({ goToServerLogin: vi.fn(), goToServerLogout: vi.fn(), currentPath: () => "/booking" }));

import { goToServerLogout } from "../../lib/navigation";
import { PROMOTIONS_CONSENT_TEXT } from "@regrip/core/shared/sms-consent";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("ProfilePage", () => {
  it("saves the personal info with the phone as +1 and 10 digits, refusing an incomplete number", async () => {
    let user = customer({ phone: "+13035550142", phoneVerified: true });
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(user),
      "PUT /api/auth/user": (call) => {
        user = { ...user, ...(call.body as object) };
        return Response.json(user);
      },
    });
    renderPage(<ProfilePage />, { path: "/profile" });
    const phone = (await screen.findByLabelText(/^Phone/)) as HTMLInputElement;
    expect(phone.value).toBe("+1 (303) 555-0142");
    expect(screen.getByText("Verified")).toBeTruthy();
    expect(screen.getByText("CD")).toBeTruthy();
    // Changing the contact email does not change the sign-in: the field says so, so nobody signs in with the new one.
    expect(screen.getByLabelText("Email").getAttribute("aria-describedby")).toBeTruthy();
    expect(screen.getByText("Where the shop writes to you. You still sign in with the email you signed up with.")).toBeTruthy();

    fireEvent.change(phone, { target: { value: "720555" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Invalid Phone Number");
    expect(screen.getByText("Please enter a complete 10-digit phone number or leave it empty.")).toBeTruthy();
    expect(calls.some((c) => c.method === "PUT")).toBe(false);

    fireEvent.change(phone, { target: { value: "7205550199" } });
    fireEvent.change(screen.getByLabelText("First name"), { target: { value: " Casey " } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Profile Updated");
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ firstName: "Casey", lastName: "Dink", email: "casey@regrip.test", phone: "+17205550199" });
  });

  it("verifies a saved, unverified phone from the profile", async () => {
    let user = customer({ phone: "+13035550142" });
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(user),
      "POST /api/user/phone": () => Response.json({ phoneNumber: "+13035550142" }),
      "POST /api/user/phone/verify": () => {
        user = { ...user, phoneVerified: true };
        return Response.json(user);
      },
    });
    renderPage(<ProfilePage />, { path: "/profile" });
    expect(await screen.findByText("Unverified")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Verify Phone" }));
    const dialog = await screen.findByRole("dialog", { name: "Verify Your Phone" });
    expect((within(dialog).getByLabelText("Mobile phone") as HTMLInputElement).value).toBe("+1 (303) 555-0142");
    fireEvent.click(within(dialog).getByRole("button", { name: "Send Code" }));
    fireEvent.change(await within(dialog).findByLabelText("Verification code"), { target: { value: "123456" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Verify" }));
    await screen.findByText("Verified");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Verify Phone" })).toBeNull();
    expect(calls.find((c) => c.path === "/api/user/phone/verify")?.body).toEqual({ code: "123456" });
  });

  it("clears the phone with an empty field, saves a switch, and shows the server's refusal", async () => {
    let refuse = false;
    let user = customer({ phone: "+13035550142" });
    const calls = fakeApi({
      "GET /api/auth/user": () => Response.json(user),
      "PUT /api/auth/user": (call) => {
        if (refuse) return Response.json({ message: "That email is already in use" }, { status: 409 });
        user = { ...user, ...(call.body as object) };
        return Response.json(user);
      },
    });
    renderPage(<ProfilePage />, { path: "/profile" });
    const offers = await screen.findByRole("switch", { name: "Text message offers" });
    // The words the server records as the customer's consent, beside the switch word for word.
    expect(screen.getByText(PROMOTIONS_CONSENT_TEXT)).toBeTruthy();
    fireEvent.click(offers);
    await screen.findByText("Profile Updated");
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ smsPromotions: false });
    await waitFor(() => expect(screen.getByRole("switch", { name: "Text message offers" }).getAttribute("aria-checked")).toBe("false"));

    refuse = true;
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save Changes" }));
    await screen.findByText("Update Failed");
    expect(screen.getByText("That email is already in use")).toBeTruthy();
    expect((calls.filter((c) => c.method === "PUT")[1].body as { phone: string }).phone).toBe("");

    fireEvent.click(screen.getByRole("button", { name: "Log Out" }));
    expect(goToServerLogout).toHaveBeenCalled();
  });

  it("asks to log in without a user", async () => {
    fakeApi({ "GET /api/auth/user": () => new Response("Unauthorized", { status: 401 }) });
    renderPage(<ProfilePage />, { path: "/profile" });
    await screen.findByRole("heading", { name: "Please Log In" });
  });
});
