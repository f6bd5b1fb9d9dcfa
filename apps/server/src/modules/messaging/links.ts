import { DEFAULT_LOCALE, SUPPORTED_LOCALE_CODES } from "@playfair/contracts/constants";

/**
 * `<origin>[/<locale>]<path>`: the web routes carry a locale prefix for every locale but the default
 * one. The origin is the configured one (`config.publicOrigin`), never the request's.
 */
export function localizedLink(origin: string, locale: string | null | undefined, path: string): string {
  const code = (locale ?? "").toLowerCase();
  const prefix = code !== DEFAULT_LOCALE && (SUPPORTED_LOCALE_CODES as readonly string[]).includes(code) ? `/${code}` : "";
  return `${origin.replace(/\/+$/, "")}${prefix}${path}`;
}
