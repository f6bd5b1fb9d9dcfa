import parseWithMinMetadata from "libphonenumber-js/min";
import { describe, expect, it } from "vitest";
import { PHONE_LIMITS, isValidPhone, parsePhone, type PhoneErrorKind } from "./phone.ts";

describe("parsePhone", () => {
  it("parses international numbers to E.164 with their country", () => {
    expect(parsePhone("+55 11 98765-4321")).toEqual({
      ok: true,
      e164: "+5511987654321",
      country: "BR",
      national: "11987654321",
      callingCode: "55",
      international: "+55 11 98765 4321",
    });
    expect(parsePhone("+7 (912) 345-67-89")).toMatchObject({ ok: true, e164: "+79123456789", country: "RU" });
    expect(parsePhone("+98 912 345 6789")).toMatchObject({ ok: true, country: "IR" });
    expect(parsePhone("+٩٨ ٩١٢ ٣٤٥ ٦٧٨٩")).toMatchObject({ ok: true, e164: "+989123456789" });
  });

  it("reads national numbers with a default country", () => {
    expect(parsePhone("(415) 555-2671", "US")).toMatchObject({ ok: true, e164: "+14155552671", country: "US" });
    expect(parsePhone("8 (912) 345-67-89", "ru")).toMatchObject({ ok: true, e164: "+79123456789" });
    expect(parsePhone("+44 20 7946 0958", "US")).toMatchObject({ ok: true, country: "GB" });
  });

  it("knows non-geographic numbers have no country", () => {
    expect(parsePhone("+800 1234 5678")).toMatchObject({ ok: true, country: undefined, callingCode: "800" });
  });

  it.each<[string, unknown, unknown, PhoneErrorKind]>([
    ["letters", "not a phone", undefined, "NOT_A_NUMBER"],
    ["an empty string", "", undefined, "NOT_A_NUMBER"],
    ["a number inside a sentence", "call +14155552671 now", undefined, "NOT_A_NUMBER"],
    ["a non-string", 14155552671, undefined, "NOT_A_NUMBER"],
    ["no + and no country", "4155552671", undefined, "INVALID_COUNTRY"],
    ["an unknown calling code", "+999 1234567", undefined, "INVALID_COUNTRY"],
    ["an unknown default country", "4155552671", "ZZ", "INVALID_COUNTRY"],
    ["a default country that is not a code", "4155552671", "__proto__", "INVALID_COUNTRY"],
    ["a calling code alone", "+1", undefined, "TOO_SHORT"],
    ["too few digits for the country", "+380 1234", undefined, "TOO_SHORT"],
    ["too many digits for the country", "+1 415 555 2671 1234", undefined, "TOO_LONG"],
    ["more than 17 national digits", "+7 123456789012345678", undefined, "TOO_LONG"],
    ["more than 250 characters", `+1 415 555 2671${" ".repeat(240)}`, undefined, "TOO_LONG"],
    ["a length between the valid lengths", "+49 30 1", undefined, "TOO_SHORT"],
    ["a number the plan does not have", "+55 11 08765-4321", undefined, "INVALID_NUMBER"],
    ["an extension, which cannot receive an SMS", "+1 415 555 2671 ext. 12", undefined, "INVALID_NUMBER"],
  ])("rejects %s", (_reason, input, country, error) => {
    expect(parsePhone(input, country)).toEqual({ ok: false, error });
  });

  it("surfaces INVALID_LENGTH for a length between the country's possible lengths", () => {
    // Colombian mobiles have 10 digits and landlines 8; nine digits is neither too short nor too long.
    expect(parsePhone("+57 321 123 456")).toEqual({ ok: false, error: "INVALID_LENGTH" });
    expect(parsePhone("+44 7400 1234")).toEqual({ ok: false, error: "INVALID_LENGTH" });
  });

  it("documents its limits as the spec states them", () => {
    expect(PHONE_LIMITS).toEqual({ maxInputLength: 250, minNationalNumberDigits: 2, maxNationalNumberDigits: 17, maxCallingCodeDigits: 3 });
    const exactly250 = `+14155552671${" ".repeat(250 - 12)}`;
    expect(exactly250).toHaveLength(250);
    expect(parsePhone(exactly250).ok).toBe(true);
    expect(parsePhone(`${exactly250} `)).toEqual({ ok: false, error: "TOO_LONG" });
  });

  it("uses full metadata: numbers the min metadata would wrongly accept are rejected", () => {
    for (const number of ["+55 11 08765-4321", "+49 0151 2345678"]) {
      expect(parseWithMinMetadata(number)?.isValid()).toBe(true);
      expect(isValidPhone(number)).toBe(false);
    }
  });
});
