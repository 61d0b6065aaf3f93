import { describe, expect, it } from "vitest";
import { twilioSignature, validTwilioSignature } from "./twilio-signature";

// The example of Twilio's security documentation and its libraries' tests: auth token 12345.
const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
const params: [string, string][] = [
  ["CallSid", "CA1234567890ABCDE"],
  ["Caller", "+12349013030"],
  ["Digits", "1234"],
  ["From", "+12349013030"],
  ["To", "+18005551212"],
];

describe("Twilio's request signature", () => {
  it("matches Twilio's documented example", () => {
    expect(twilioSignature("12345", url, params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
    expect(twilioSignature("12345", url, [...params].reverse())).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
  });

  it("accepts the right signature, with or without the default port, and refuses any change", () => {
    expect(validTwilioSignature("12345", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", url, params)).toBe(true);
    expect(validTwilioSignature("12345", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", "https://mycompany.com:443/myapp.php?foo=1&bar=2", params)).toBe(true);
    expect(validTwilioSignature("12345", undefined, url, params)).toBe(false);
    expect(validTwilioSignature("12346", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", url, params)).toBe(false);
    expect(validTwilioSignature("12345", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", "https://mycompany.com/myapp.php?foo=1&bar=3", params)).toBe(false);
    expect(validTwilioSignature("12345", "0/KCTR6DLpKmkAf8muzZqo1nDgQ=", url, [...params, ["Body", "STOP"]])).toBe(false);
    expect(validTwilioSignature("12345", "short", url, params)).toBe(false);
  });
});
