import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { env } from "../../../../infra/env";
import { DomainError } from "../errors";
import { extensionOf, ImageUpload, isUploadKey, MAX_IMAGE_BYTES, paddlePhotoKey, presignPut, signUpload, verifyUpload } from "./index";

const saved = { ...process.env };
beforeEach(() => {
  delete process.env[env.uploadsBucket];
  delete process.env[env.uploadsDir];
});
afterEach(() => {
  for (const name of [env.uploadsBucket, env.uploadsDir, "AWS_ACCESS_KEY_ID", "AWS_SECRET_ACCESS_KEY", "AWS_REGION"]) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
});

const png = { contentType: "image/png", size: 1234 };

describe("ImageUpload", () => {
  const message = (input: unknown) => {
    const parsed = ImageUpload.safeParse(input);
    return parsed.success ? "ok" : parsed.error.issues[0].message;
  };

  it("takes an image type and a size up to 5MB", () => {
    expect(message(png)).toBe("ok");
    expect(message({ contentType: " Image/JPEG ", size: MAX_IMAGE_BYTES })).toBe("ok");
    expect(ImageUpload.parse({ contentType: " Image/JPEG ", size: 1 }).contentType).toBe("image/jpeg");
  });

  it.each([
    [{ contentType: "application/pdf", size: 1 }],
    [{ contentType: "image/svg+xml", size: 1 }],
    [{ contentType: "image/", size: 1 }],
    [{ contentType: "image/png; charset=x", size: 1 }],
    [{ size: 1 }],
    [{ contentType: "image/png", size: 0 }],
    [{ contentType: "image/png", size: 1.5 }],
    [{ contentType: "image/png" }],
  ])("is 'Please select an image file' for %j", (input) => {
    expect(message(input)).toBe("Please select an image file");
  });

  it("is 'Please select an image smaller than 5MB' above 5 * 1024 * 1024 bytes", () => {
    expect(message({ contentType: "image/png", size: MAX_IMAGE_BYTES + 1 })).toBe("Please select an image smaller than 5MB");
  });
});

describe("keys", () => {
  it("are paddles/<user>/<paddle>/<uuid>.<ext>", () => {
    expect(paddlePhotoKey("u-1", "p-1", "image/jpeg")).toMatch(/^paddles\/u-1\/p-1\/[0-9a-f-]{36}\.jpg$/);
    expect(extensionOf("image/png")).toBe("png");
    expect(extensionOf("image/x-icon")).toBe("xicon");
  });

  it.each(["paddles/u/p/x.png", "a.jpg", "a_b/c-d.webp"])("%s may be stored", (key) => expect(isUploadKey(key)).toBe(true));
  it.each([".signing-key", "../x.png", "paddles/../x.png", "/x.png", "x", "a/.b.png", "a//b.png", "a/b.png/", "a b.png"])(
    "%s may not",
    (key) => expect(isUploadKey(key)).toBe(false),
  );
});

describe("local upload tokens", () => {
  const dir = () => mkdtempSync(join(tmpdir(), "regrip-uploads-"));
  const later = () => Math.floor(Date.now() / 1000) + 600;

  it("are valid for their key, type and time only", () => {
    const folder = dir();
    const expires = later();
    const token = signUpload(folder, "a/b.png", "image/png", expires);
    expect(verifyUpload(folder, "a/b.png", "image/png", token)).toBe(true);
    expect(verifyUpload(folder, "a/c.png", "image/png", token)).toBe(false);
    expect(verifyUpload(folder, "a/b.png", "image/jpeg", token)).toBe(false);
    expect(verifyUpload(folder, "a/b.png", "image/png", token, expires + 1)).toBe(false);
    expect(verifyUpload(folder, "a/b.png", "image/png", token.replace(/^\d+/, String(expires + 100)))).toBe(false);
    expect(verifyUpload(folder, "a/b.png", "image/png", "garbage")).toBe(false);
  });

  it("are signed with a key kept in the folder, so another folder's tokens fail", () => {
    const [one, two] = [dir(), dir()];
    const token = signUpload(one, "a/b.png", "image/png", later());
    expect(verifyUpload(two, "a/b.png", "image/png", token)).toBe(false);
    expect(readdirSync(one)).toEqual([".signing-key"]);
  });
});

describe("presignPut", () => {
  it("with UPLOADS_BUCKET: a presigned S3 PUT that signs the content type and length", async () => {
    process.env[env.uploadsBucket] = "regrip-dev-uploads";
    process.env.AWS_ACCESS_KEY_ID = "AKIATESTTESTTESTTEST";
    process.env.AWS_SECRET_ACCESS_KEY = "test-secret";
    process.env.AWS_REGION = "us-east-1";
    const target = await presignPut("paddles/u/p/x.png", png);
    const url = new URL(target.uploadUrl);
    expect(url.origin).toBe("https://regrip-dev-uploads.s3.us-east-1.amazonaws.com");
    expect(url.pathname).toBe("/paddles/u/p/x.png");
    expect(url.searchParams.get("X-Amz-SignedHeaders")).toBe("content-length;content-type;host");
    expect(url.searchParams.get("X-Amz-Expires")).toBe("600");
    // No checksum of an empty body that the real file would not match.
    expect([...url.searchParams.keys()].some((k) => k.startsWith("x-amz-checksum"))).toBe(false);
    expect(target).toMatchObject({ method: "PUT", headers: { "Content-Type": "image/png" }, photoUrl: "/uploads/paddles/u/p/x.png" });
  });

  it("with UPLOADS_DIR: a signed URL of the local server", async () => {
    const folder = mkdtempSync(join(tmpdir(), "regrip-uploads-"));
    process.env[env.uploadsDir] = folder;
    const target = await presignPut("paddles/u/p/x.png", png);
    expect(target.photoUrl).toBe("/uploads/paddles/u/p/x.png");
    const token = new URL(target.uploadUrl, "http://localhost").searchParams.get("token")!;
    expect(target.uploadUrl).toBe(`/uploads/paddles/u/p/x.png?token=${token}`);
    expect(verifyUpload(folder, "paddles/u/p/x.png", "image/png", token)).toBe(true);
  });

  it("the bucket wins when both are set", async () => {
    process.env[env.uploadsBucket] = "regrip-dev-uploads";
    process.env[env.uploadsDir] = mkdtempSync(join(tmpdir(), "regrip-uploads-"));
    process.env.AWS_ACCESS_KEY_ID = "AKIATESTTESTTESTTEST";
    process.env.AWS_SECRET_ACCESS_KEY = "test-secret";
    expect((await presignPut("a/b.png", png)).uploadUrl).toMatch(/^https:\/\//);
  });

  it("with neither: 503, uploads are not configured", async () => {
    process.env[env.uploadsDir] = "";
    const failure = await presignPut("a/b.png", png).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(DomainError);
    expect((failure as DomainError).kind).toBe("unavailable");
  });
});
