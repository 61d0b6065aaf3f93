import { describe, expect, it } from "vitest";
import { bagKeyFrom, bagUrl } from "./bag-links";
import { qrPath } from "../components/QrCode";

describe("bag labels and the scanner", () => {
  it("encodes the bag page's URL with the slug, and reads the slug back from it", () => {
    const url = bagUrl("https://regrip.example", "k3v9q2m8x1c7b4n6z0p5r2t8wy");
    expect(url).toBe("https://regrip.example/b/k3v9q2m8x1c7b4n6z0p5r2t8wy");
    expect(bagKeyFrom(url)).toBe("k3v9q2m8x1c7b4n6z0p5r2t8wy");
  });

  it("still reads the slug of an older label's scanner URL", () => {
    expect(bagKeyFrom("https://regrip.example/scan?bag=Zx_9-abc")).toBe("Zx_9-abc");
  });

  it("takes a typed code (upper-cased) or slug as it is, and nothing from blank text", () => {
    expect(bagKeyFrom(" 1a7 ")).toBe("1A7");
    expect(bagKeyFrom("Zx_9-abcdefghijklmnop")).toBe("Zx_9-abcdefghijklmnop");
    expect(bagKeyFrom("   ")).toBe("");
    expect(bagKeyFrom("https://regrip.example/scan")).toBe("https://regrip.example/scan");
    expect(bagKeyFrom("https://regrip.example/b/")).toBe("https://regrip.example/b/");
  });

  it("draws a QR code with a quiet zone, larger for longer text", () => {
    const short = qrPath("https://regrip.example/scan?bag=x");
    const long = qrPath(`https://regrip.example/scan?bag=${"x".repeat(120)}`);
    expect(short.size).toBe(25 + 8 + 4);
    expect(long.size).toBeGreaterThan(short.size);
    expect(short.path).toMatch(/^M4 4h1v1h-1z/);
  });
});
