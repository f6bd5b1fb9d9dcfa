// Phone numbers through libphonenumber-js with its "max" metadata, in the browser too.
//
// Why max and not the smaller default ("min", 19 KB gzipped vs 39 KB): min metadata has no
// per-country number patterns, so its isValid() only checks the length. It accepts numbers that
// cannot exist, e.g. the Brazilian mobile +55 11 08765-4321 or the German +49 0151 2345678, which
// the server (the authority) must reject. With min in the browser the sign-up form would show the
// number as fine and then fail on submit; one metadata set keeps client and server in agreement.
// The metadata reaches the browser with whatever imports this module, and rules.ts does (the
// phone rule), so import rules.ts / form-schema.ts from the form chunks (sign-up, profile, phone
// modal), never from the site shell; masks.ts, messages*.ts and dates.ts stay free of it.

import { isSupportedCountry, ParseError, parsePhoneNumberWithError, validatePhoneNumberLength, type CountryCode } from "libphonenumber-js/max";

/**
 * The limits of the spec, which are libphonenumber's own (ITU-T E.164 and Google's library):
 * anything longer than 250 characters is not parsed at all, a national (significant) number has
 * 2 to 17 digits, and a country calling code has at most 3 digits.
 */
export const PHONE_LIMITS = {
  maxInputLength: 250,
  minNationalNumberDigits: 2,
  maxNationalNumberDigits: 17,
  maxCallingCodeDigits: 3,
} as const;

/**
 * The five parse errors of libphonenumber, as the spec names them, plus INVALID_NUMBER: the number
 * parsed and has a plausible length but no such number exists in its country's numbering plan
 * (or it carries an extension, which cannot receive an SMS code).
 */
export type PhoneErrorKind = "NOT_A_NUMBER" | "INVALID_COUNTRY" | "TOO_SHORT" | "TOO_LONG" | "INVALID_LENGTH" | "INVALID_NUMBER";

export const PHONE_ERROR_KINDS: readonly PhoneErrorKind[] = [
  "NOT_A_NUMBER",
  "INVALID_COUNTRY",
  "TOO_SHORT",
  "TOO_LONG",
  "INVALID_LENGTH",
  "INVALID_NUMBER",
];

export type ParsedPhone =
  | {
      ok: true;
      /** "+5511987654321": the form to store and to compare for duplicates. */
      e164: string;
      /** ISO 3166-1 alpha-2, absent for non-geographic numbers such as +800 freephone. */
      country: string | undefined;
      /** The national significant number, digits only: "11987654321". */
      national: string;
      /** The calling code without "+": "55". */
      callingCode: string;
      /** For display: "+55 11 98765 4321". */
      international: string;
    }
  | { ok: false; error: PhoneErrorKind };

function isErrorKind(value: unknown): value is PhoneErrorKind {
  return PHONE_ERROR_KINDS.includes(value as PhoneErrorKind);
}

/** Upper-cased ISO code if the metadata knows the country; a bad default must not be guessed at. */
export function supportedPhoneCountry(value: unknown): CountryCode | undefined {
  if (typeof value !== "string") return undefined;
  const code = value.toUpperCase();
  return /^[A-Z]{2}$/.test(code) && isSupportedCountry(code) ? code : undefined;
}

/**
 * Parses what a player typed. Numbers with a leading "+" carry their country; others are read as
 * national numbers of `defaultCountry` (e.g. the country picked in the same form). The whole input
 * must be the number: "call me on +44 ..." is NOT_A_NUMBER rather than silently extracted.
 */
export function parsePhone(input: unknown, defaultCountry?: unknown): ParsedPhone {
  if (typeof input !== "string") return { ok: false, error: "NOT_A_NUMBER" };
  if (input.length > PHONE_LIMITS.maxInputLength) return { ok: false, error: "TOO_LONG" };
  const country = supportedPhoneCountry(defaultCountry);
  if (defaultCountry !== undefined && defaultCountry !== null && defaultCountry !== "" && country === undefined) {
    return { ok: false, error: "INVALID_COUNTRY" };
  }
  const options = { extract: false, ...(country ? { defaultCountry: country } : {}) };
  try {
    const phone = parsePhoneNumberWithError(input, options);
    if (phone.isValid() && !phone.ext) {
      return {
        ok: true,
        e164: phone.number,
        country: phone.country,
        national: phone.nationalNumber,
        callingCode: phone.countryCallingCode,
        international: phone.formatInternational(),
      };
    }
    const lengthProblem = phone.ext ? undefined : validatePhoneNumberLength(input, options);
    return { ok: false, error: lengthProblem ?? "INVALID_NUMBER" };
  } catch (error) {
    if (error instanceof ParseError && isErrorKind(error.message)) return { ok: false, error: error.message };
    return { ok: false, error: "NOT_A_NUMBER" };
  }
}

export function isValidPhone(input: unknown, defaultCountry?: unknown): boolean {
  return parsePhone(input, defaultCountry).ok;
}
