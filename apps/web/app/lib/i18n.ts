// i18next set up synchronously from bundled catalogues, so the server renders translated text
// and the browser hydrates the same text with no flash of keys and no loading round trip.
//
// Catalogues are JSON files `locales/<language>/<namespace>.json`. The server bundle holds all of
// them. The browser bundle holds only English (the default and the per-key fallback), and of it
// only the site shell's namespaces from the start: each other English namespace (or group of one)
// comes with the chunk of the modules that use it (registerEnglishCatalogue, vite.config.ts). Every other
// language's files are small chunks fetched by loadLanguage(), which entry.client awaits before
// hydrating a page in that language. Languages of the spec's list without files (or with partial
// files) fall back to English key by key.
import { DEFAULT_LOCALE, RTL_LOCALES, SUPPORTED_LOCALE_CODES, type SupportedLocaleCode } from "@playfair/contracts/constants";
import { createInstance, type FormatterModule, type i18n as I18n, type Resource } from "i18next";
import { englishCatalogues } from "#app/locales/en/index.ts";

/** Every language the site can be shown in (spec 9); complete ones are COMPLETE_LOCALES. */
const LANGUAGES = SUPPORTED_LOCALE_CODES;
export type Language = SupportedLocaleCode;
export const DEFAULT_LANGUAGE: Language = DEFAULT_LOCALE;

export type Catalogues = typeof englishCatalogues;
export type Namespace = keyof Catalogues;
// Listed, not taken from the English catalogues: the browser starts with only some of them.
export const NAMESPACES: Namespace[] = ["common", "layout", "modals", "alerts", "pages", "errors", "site", "accounts", "profile", "validations", "notifications", "wallet", "limits", "games", "originals", "roulette", "slot", "bonuses"];

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: Catalogues;
  }
}

type CatalogueFile = Record<string, unknown>;
const fileKey = (file: string) => /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);

// The browser gets every other language as one lazy chunk (locales/<language>/index.ts). The
// server registers all files at start-up from lib/i18n-catalogues.server.ts (an eager glob that
// must stay out of this module, or the browser bundle would carry every language).
/** A language's chunk: its catalogues, and the formatter that writes its digits (lib/i18n-numbers.ts). */
type LanguageChunk = { default: Record<string, CatalogueFile>; formatter: FormatterModule };
const lazyLanguages: Record<string, () => Promise<LanguageChunk>> = import.meta.env.SSR
  ? {}
  : import.meta.glob<LanguageChunk>(["../locales/*/index.ts", "!../locales/en/index.ts"]);

const loaded = new Map<string, Partial<Record<Namespace, CatalogueFile>>>([[DEFAULT_LANGUAGE, englishCatalogues as Partial<Record<Namespace, CatalogueFile>>]]);
const loadedLanguages = new Set<string>([DEFAULT_LANGUAGE]);

function remember(file: string, catalogue: CatalogueFile) {
  const match = fileKey(file);
  if (!match) return;
  const [, language = "", namespace = ""] = match;
  const catalogues = loaded.get(language) ?? {};
  catalogues[namespace as Namespace] = catalogue;
  loaded.set(language, catalogues);
}

/**
 * English text the browser bundle did not start with (a namespace, or some top-level groups of
 * one), added by the chunk of the first module that uses it (so before that module renders
 * anything): to the instances already made (English is every language's fallback) and to those
 * made later. Called from the module Vite's English-catalogue plugin generates (vite.config.ts),
 * which static analysis does not see.
 *
 * @public
 */
export function registerEnglishCatalogue(namespace: Namespace, catalogue: CatalogueFile): void {
  const english = englishCatalogues as Partial<Record<Namespace, CatalogueFile>>;
  english[namespace] = { ...english[namespace], ...catalogue };
  for (const instance of instances.values()) instance.addResourceBundle(DEFAULT_LANGUAGE, namespace, catalogue, true, true);
}

/**
 * How the other languages format the values in their sentences (their own digits: lib/i18n-numbers.ts).
 * English keeps i18next's built-in formatter, whose output is the same for it, so the module comes
 * with the other languages' chunks (locales/<language>/index.ts).
 */
let languageFormatter: FormatterModule | undefined;

/** Server start-up: every catalogue file, keyed by its path (see lib/i18n-catalogues.server.ts), and the formatter. */
export function registerServerCatalogues(files: Record<string, CatalogueFile>, formatter: FormatterModule): void {
  languageFormatter = formatter;
  for (const [file, catalogue] of Object.entries(files)) remember(file, catalogue);
  for (const language of LANGUAGES) loadedLanguages.add(language);
  instances.clear();
}

export function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

export function languageDirection(language: string): "ltr" | "rtl" {
  return (RTL_LOCALES as readonly string[]).includes(language) ? "rtl" : "ltr";
}

/**
 * Makes a language's catalogues available to i18nFor(), and its date locale to formatDate().
 * Resolves at once when they already are.
 */
export async function loadLanguage(language: Language): Promise<void> {
  await Promise.all([loadCatalogues(language), loadDateLocaleOf(language)]);
}

/** English needs no date locale, so the table of the others loads only with another language. */
async function loadDateLocaleOf(language: Language): Promise<void> {
  if (language === "en") return;
  const { loadDateLocale } = await import("#app/lib/date-locales.ts");
  await loadDateLocale(language);
}

async function loadCatalogues(language: Language): Promise<void> {
  if (loadedLanguages.has(language)) return;
  const load = lazyLanguages[`../locales/${language}/index.ts`];
  // Keyed "./<namespace>.json" by the language's own glob.
  const chunk = await load?.();
  if (chunk) {
    for (const [file, catalogue] of Object.entries(chunk.default)) remember(`/locales/${language}/${file.replace(/^\.\//, "")}`, catalogue);
    languageFormatter = chunk.formatter;
  }
  loadedLanguages.add(language);
}

// One instance per language, created on first use. Each is bound to its language for good
// (never call changeLanguage on it), so the server can share it between concurrent requests.
const instances = new Map<Language, I18n>();

/** The i18next instance of a language; English text stands in for keys it does not have. */
export function i18nFor(language: Language): I18n {
  let instance = instances.get(language);
  if (!instance) {
    const resources: Resource = { [DEFAULT_LANGUAGE]: englishCatalogues };
    const catalogues = loaded.get(language);
    if (catalogues && language !== DEFAULT_LANGUAGE) resources[language] = catalogues as Resource[string];
    instance = createInstance();
    if (language !== DEFAULT_LANGUAGE && languageFormatter) instance.use(languageFormatter);
    void instance.init({
      lng: language,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      // Our codes are lower case ("pt-br"); without this i18next would look up "pt-BR".
      lowerCaseLng: true,
      load: "currentOnly",
      resources,
      ns: NAMESPACES,
      defaultNS: "common",
      // Resources are in memory: initialise now, not on the next tick.
      initAsync: false,
      // React escapes output itself; every value goes through the formatter (numbers in the page's digits).
      interpolation: { escapeValue: false, alwaysFormat: true },
      react: { useSuspense: false },
    });
    // Only cache instances built after the language was loaded, so a later loadLanguage() counts.
    if (loadedLanguages.has(language)) instances.set(language, instance);
  }
  return instance;
}
