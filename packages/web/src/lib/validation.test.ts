import { describe, expect, it } from "vitest";
import { bagNumberInput, imageProblem, isBagNumber, isVerificationCode, maxImageBytes, validatePaddle } from "./validation";

describe("validatePaddle", () => {
  it("needs a brand and a nickname to add", () => {
    expect(validatePaddle({})).toEqual({ brand: "Brand is required", nickname: "Nickname is required" });
    expect(validatePaddle({ brand: "  ", nickname: "Big Red" })).toEqual({ brand: "Brand is required" });
    expect(validatePaddle({ brand: "Joola", nickname: "Big Red" })).toEqual({});
  });
  it("checks only the changed fields of an edit", () => {
    expect(validatePaddle({}, { partial: true })).toEqual({});
    expect(validatePaddle({ nickname: "" }, { partial: true })).toEqual({ nickname: "Nickname is required" });
    expect(validatePaddle({ brand: "" }, { partial: true })).toEqual({ brand: "Brand is required" });
  });
});

describe("bag number", () => {
  it("is three digits", () => {
    expect(isBagNumber("123")).toBe(true);
    expect(isBagNumber("12")).toBe(false);
    expect(isBagNumber("12a")).toBe(false);
  });
  it("keeps digits only, at most 3", () => {
    expect(bagNumberInput("1a2b34")).toBe("123");
    expect(bagNumberInput("")).toBe("");
  });
});

describe("isVerificationCode", () => {
  it("is exactly six digits", () => {
    expect(isVerificationCode("123456")).toBe(true);
    expect(isVerificationCode(" 123456 ")).toBe(true);
    expect(isVerificationCode("12345")).toBe(false);
    expect(isVerificationCode("1234567")).toBe(false);
    expect(isVerificationCode("12345a")).toBe(false);
  });
});

describe("imageProblem", () => {
  it("wants an image", () =>
    expect(imageProblem({ type: "application/pdf", size: 10 })).toEqual({ title: "Invalid file type", description: "Please select an image file" }));
  it("wants at most 5MB", () => {
    expect(imageProblem({ type: "image/png", size: maxImageBytes + 1 })).toEqual({
      title: "File too large",
      description: "Please select an image smaller than 5MB",
    });
    expect(imageProblem({ type: "image/jpeg", size: maxImageBytes })).toBeUndefined();
    // SVG, as the server's upload refuses it (shared/images): it was let through here and failed only at the upload.
    expect(imageProblem({ type: "image/svg+xml", size: 100 })).toEqual({ title: "Invalid file type", description: "Please select an image file" });
    expect(imageProblem({ type: "", size: 100 })).toEqual({ title: "Invalid file type", description: "Please select an image file" });
  });
});
