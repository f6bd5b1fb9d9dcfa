// i18next set up synchronously from bundled catalogues, so the server renders translated text
// and the browser hydrates the same text with no flash of keys and no loading round trip.
//
// Catalogues: the server bundle holds all of them. The browser bundle holds only English (the
// default and fallback language); every other language is its own small chunk, fetched by
// loadLanguage(). A page in another language must await loadLanguage(language) before
// hydrating (in entry.client, once locale prefixes exist), after which i18nFor() is synchronous.
import { COMPLETE_LOCALES, DEFAULT_LOCALE, RTL_LOCALES } from "@playfair/contracts/constants";
import { createInstance, type i18n as I18n } from "i18next";
import type de from "#app/locales/de/common.json";
import en from "#app/locales/en/common.json";
import type es from "#app/locales/es/common.json";
import type fa from "#app/locales/fa/common.json";
import type hi from "#app/locales/hi/common.json";
import type ptBr from "#app/locales/pt-br/common.json";
import type ru from "#app/locales/ru/common.json";
import type tr from "#app/locales/tr/common.json";

/** Languages with a complete catalogue. */
export const LANGUAGES = COMPLETE_LOCALES;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = DEFAULT_LOCALE;
export const NAMESPACE = "common";

export type Catalogue = typeof en;

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: typeof NAMESPACE;
    resources: { common: Catalogue };
  }
}

// Compile-time check that every catalogue has every English key (plural forms may add keys).
type CatalogueFiles = {
  en: typeof en;
  de: typeof de;
  es: typeof es;
  "pt-br": typeof ptBr;
  ru: typeof ru;
  tr: typeof tr;
  hi: typeof hi;
  fa: typeof fa;
};
type EveryLanguage<T extends Record<Language, Catalogue>> = T;
export type CompleteCatalogues = EveryLanguage<CatalogueFiles>;

const catalogueOf = (file: string) => /\/locales\/([^/]+)\/common\.json$/.exec(file)?.[1] ?? "";

// Vite turns these globs into imports. The eager one is only reachable on the server, so the
// browser build drops it; the lazy one becomes one chunk per language.
const serverCatalogues: Record<string, Catalogue> = import.meta.env.SSR
  ? import.meta.glob<Catalogue>("../locales/*/common.json", { eager: true, import: "default" })
  : {};
const lazyCatalogues = import.meta.glob<Catalogue>(["../locales/*/common.json", "!../locales/en/common.json"], {
  import: "default",
});

const loaded = new Map<string, Catalogue>([[DEFAULT_LANGUAGE, en]]);
for (const [file, catalogue] of Object.entries(serverCatalogues)) loaded.set(catalogueOf(file), catalogue);

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

export function languageDirection(language: Language): "ltr" | "rtl" {
  return (RTL_LOCALES as readonly string[]).includes(language) ? "rtl" : "ltr";
}

/** Makes a language's catalogue available to i18nFor(). Resolves at once when it already is. */
export async function loadLanguage(language: Language): Promise<void> {
  if (loaded.has(language)) return;
  const load = Object.entries(lazyCatalogues).find(([file]) => catalogueOf(file) === language)?.[1];
  if (load) loaded.set(language, await load());
}

// One instance per language, created on first use. Each is bound to its language for good
// (never call changeLanguage on it), so the server can share it between concurrent requests.
const instances = new Map<Language, I18n>();

/** The i18next instance of a language; falls back to English text if its catalogue is not loaded. */
export function i18nFor(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    const catalogue = loaded.get(language);
    instance = createInstance();
    void instance.init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      // Our codes are lower case ("pt-br"); without this i18next would look up "pt-BR".
      lowerCaseLng: true,
      load: "currentOnly",
      resources: {
        [DEFAULT_LANGUAGE]: { [NAMESPACE]: en },
        ...(catalogue ? { [language]: { [NAMESPACE]: catalogue } } : {}),
      },
      ns: [NAMESPACE],
      defaultNS: NAMESPACE,
      // Resources are in memory: initialise now, not on the next tick.
      initAsync: false,
      // React escapes output itself.
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
    // Only cache complete instances, so a later loadLanguage() is picked up.
    if (catalogue) instances.set(language, instance);
  }
  return instance;
}
