import { DEFAULT_LOCALE } from "@playfair/contracts/constants";
import type { Locale } from "@playfair/contracts/settings";
import type { RouterContextProvider } from "react-router";
import { enabledLanguages, isSupportedLanguage } from "#app/lib/locale.ts";
import { webServices } from "#app/lib/web-services.ts";

/** Stands in for the locale list while it cannot be read: the site keeps working in English. */
const DEFAULT_ONLY: Locale[] = [{ code: DEFAULT_LOCALE, name: "English", isDefault: true, direction: "ltr", isEnabled: true }];

/**
 * The enabled locales the site can show, default first (for prefixes, hreflang links and the
 * language switcher). The list is cached in memory by the settings service, so every loader that
 * needs it may ask. If it cannot be read, pages still render in English instead of failing.
 */
export async function readEnabledLocales(context: Readonly<RouterContextProvider>): Promise<Locale[]> {
  let locales: Locale[];
  try {
    locales = await webServices(context).settings.listLocales();
  } catch (error) {
    console.error("The locale list could not be read; serving English only", error);
    return DEFAULT_ONLY;
  }
  const usable = locales.filter((locale) => locale.isEnabled && isSupportedLanguage(locale.code));
  const byCode = new Map(usable.map((locale) => [locale.code, locale]));
  return enabledLanguages(usable).map((code) => byCode.get(code) ?? DEFAULT_ONLY[0]!);
}
