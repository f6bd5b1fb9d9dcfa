// What a social sign-in carries from its start to its callback, checked on the way back: the
// redirect address (only this site's own callback), the browser binding and the stored sign-up context.
import { createHash, timingSafeEqual } from "node:crypto";
import { DEFAULT_LOCALE, SUPPORTED_LOCALE_CODES } from "@playfair/contracts/constants";

/** Sign-up details carried through the provider's redirect (spec 2.4 affiliate tag and ref_id). */
export type SocialSignUpContext = { affiliateTag?: string; refId?: string; currency?: string; country?: string };

/** What `social_auth_states.context` holds: the sign-up details, the language and the browser binding. */
export type StoredContext = SocialSignUpContext & { language?: string; bindingDigest?: string };

const CALLBACK_PATH = /^\/(?:([a-z]{2}(?:-[a-z]{2})?)\/)?auth\/social\/([a-z0-9-]{2,32})\/callback$/;

/**
 * The language of a redirect URI when it is exactly this site's `/[lang/]auth/social/{socialType}/callback`
 * (no query, no fragment, no credentials); null for anything else, so a provider can never be
 * told to send a code to another site.
 */
export function callbackLanguage(redirectUri: string, siteOrigin: string, socialType: string): string | null {
  let url: URL;
  try {
    url = new URL(redirectUri);
  } catch {
    return null;
  }
  // Only the canonical spelling: the provider compares redirect URIs as exact strings.
  if (url.href !== redirectUri || /[?#]/.test(redirectUri) || url.origin !== new URL(siteOrigin).origin || url.username || url.password || url.search || url.hash) return null;
  const match = CALLBACK_PATH.exec(url.pathname);
  if (!match || match[2] !== socialType) return null;
  const language = match[1] ?? DEFAULT_LOCALE;
  return (SUPPORTED_LOCALE_CODES as readonly string[]).includes(language) ? language : null;
}

export function digest(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

export function bindingMatches(binding: string | null, expectedDigest: string | undefined): boolean {
  if (!binding || !expectedDigest) return false;
  const actual = Buffer.from(digest(binding), "hex");
  const expected = Buffer.from(expectedDigest, "hex");
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

export function parseContext(text: string | null): StoredContext {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === "object" && parsed !== null ? (parsed as StoredContext) : {};
  } catch {
    return {};
  }
}

export function supportedLanguage(code: string | null | undefined): string | undefined {
  const normalised = code?.trim().toLowerCase().replace("_", "-");
  return normalised && (SUPPORTED_LOCALE_CODES as readonly string[]).includes(normalised) ? normalised : undefined;
}

export function defined<T extends Record<string, unknown>>(values: T): T {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value !== null && value !== "")) as T;
}
