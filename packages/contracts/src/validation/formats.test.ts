import { isIP } from "node:net";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isEmail, isIp, isIpV4, isIpV6, isMac, isUrl } from "./formats.ts";

describe("IP addresses agree with Node's own parser", () => {
  const noZone = (text: string) => !text.includes("%");

  it("on generated valid v4 and v6 addresses", () => {
    fc.assert(
      fc.property(fc.oneof(fc.ipV4(), fc.ipV6()), (address) => {
        expect(isIp(address)).toBe(true);
      }),
    );
  });

  it("on near-miss strings built from address characters", () => {
    const addressLike = fc.string({ unit: fc.constantFrom(..."0123456789abcdefABCDEFg:.%"), maxLength: 45 });
    fc.assert(
      fc.property(fc.oneof(addressLike, fc.ipV4Extended(), fc.ipV6().map((text) => text.replace(/:(?=[^:]*$)/, "::"))), (text) => {
        fc.pre(noZone(text));
        expect(isIpV4(text)).toBe(isIP(text) === 4);
        expect(isIpV6(text)).toBe(isIP(text) === 6);
      }),
      { numRuns: 2000 },
    );
  });
});

describe("formats", () => {
  it("limits e-mail lengths (64 local, 254 total)", () => {
    const local64 = "a".repeat(64);
    expect(isEmail(`${local64}@example.com`)).toBe(true);
    expect(isEmail(`a${local64}@example.com`)).toBe(false);
    const longDomain = `${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(60)}.${"e".repeat(50)}.com`;
    expect(isEmail(`a@${longDomain}`)).toBe(`a@${longDomain}`.length <= 254);
  });

  it("accepts only absolute web addresses with a real host", () => {
    expect(isUrl("https://sub.example.co.uk:8443/a/b?c=d")).toBe(true);
    expect(isUrl("https://user:pass@example.com")).toBe(true);
    expect(isUrl("https://example.com/" + "a".repeat(3000))).toBe(false);
    expect(isUrl("file:///etc/passwd")).toBe(false);
  });

  it("reads MAC addresses in the three usual notations", () => {
    expect(["aa:bb:cc:dd:ee:ff", "AA-BB-CC-DD-EE-FF", "aabb.ccdd.eeff"].every(isMac)).toBe(true);
    expect(["aa:bb:cc:dd:ee:ff:", "aabb.ccdd.eef", "aa:bb:cc:dd:ee-ff"].some(isMac)).toBe(false);
  });
});
