/** The glue between the server's schemas (tested in @regrip/core/shared) and the forms: fields and titles. */
import { MAX_IMAGE_BYTES } from "@regrip/core/shared/images";
import { describe, expect, it } from "vitest";
import { imageProblem, paddleErrors, verificationCodeError } from "./validation";

describe("paddleErrors", () => {
  it("puts the schema's messages under brand and nickname to add", () => {
    expect(paddleErrors({})).toEqual({ brand: "Brand is required", nickname: "Nickname is required" });
    expect(paddleErrors({ brand: "  ", nickname: "Big Red" })).toEqual({ brand: "Brand is required" });
    expect(paddleErrors({ brand: "Joola", nickname: "Big Red" })).toEqual({});
  });
  it("checks only the changed fields of an edit", () => {
    expect(paddleErrors({}, { partial: true })).toEqual({});
    expect(paddleErrors({ nickname: "" }, { partial: true })).toEqual({ nickname: "Nickname is required" });
    expect(paddleErrors({ brand: "" }, { partial: true })).toEqual({ brand: "Brand is required" });
  });
});

describe("verificationCodeError", () => {
  it("is the verify call's message, or nothing for 6 digits", () => {
    expect(verificationCodeError(" 123456 ")).toBeUndefined();
    expect(verificationCodeError("12345")).toBe("Please enter the 6-digit verification code");
  });
});

describe("imageProblem", () => {
  it("wants an image", () =>
    expect(imageProblem({ type: "application/pdf", size: 10 })).toEqual({ title: "Invalid file type", description: "Please select an image file" }));
  it("wants at most 5MB", () => {
    expect(imageProblem({ type: "image/png", size: MAX_IMAGE_BYTES + 1 })).toEqual({
      title: "File too large",
      description: "Please select an image smaller than 5MB",
    });
    expect(imageProblem({ type: "image/jpeg", size: MAX_IMAGE_BYTES })).toBeUndefined();
    // SVG, as the server's upload refuses it (shared/images): it was let through here and failed only at the upload.
    expect(imageProblem({ type: "image/svg+xml", size: 100 })).toEqual({ title: "Invalid file type", description: "Please select an image file" });
    expect(imageProblem({ type: "", size: 100 })).toEqual({ title: "Invalid file type", description: "Please select an image file" });
  });
});
