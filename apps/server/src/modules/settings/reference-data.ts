// Demo reference data the server seeds (idempotently, keyed by code/id) and serves through the
// global-settings API. Everything here is deterministic except the time-zone names, which carry
// the UTC offset at build time (offsets move with daylight saving).
import { countries as isoCountries, type TCountryCode } from "countries-list";
import { DEFAULT_LOCALE, EXCLUDED_COUNTRY_CODES, RTL_LOCALES, SUPPORTED_LOCALE_CODES, type SupportedLocaleCode } from "@playfair/contracts/constants";
import { CONSTANT_GROUPS } from "@playfair/contracts/constant-groups";
import type { Constants, Country, Currency, Locale, TimeZone } from "@playfair/contracts/settings";

// ---------------------------------------------------------------------------------------------
// Currencies

type CurrencySeed = Pick<Currency, "code" | "type" | "symbol" | "subunitToUnit"> & {
  rate: string;
  subCurrencies?: Currency["subCurrencies"];
  isEnabled?: boolean;
  isVisible?: boolean;
};

const FIAT_SUBUNIT = "100";

// Rates: demo value of one unit in USD (the base currency), as decimal strings.
const CURRENCY_SEEDS: readonly CurrencySeed[] = [
  { code: "USD", type: "fiat", symbol: "$", rate: "1", subunitToUnit: FIAT_SUBUNIT },
  { code: "EUR", type: "fiat", symbol: "€", rate: "1.08", subunitToUnit: FIAT_SUBUNIT },
  { code: "BRL", type: "fiat", symbol: "R$", rate: "0.18", subunitToUnit: FIAT_SUBUNIT },
  { code: "INR", type: "fiat", symbol: "₹", rate: "0.012", subunitToUnit: FIAT_SUBUNIT },
  { code: "TRY", type: "fiat", symbol: "₺", rate: "0.029", subunitToUnit: FIAT_SUBUNIT },
  { code: "UZS", type: "fiat", symbol: "soʻm", rate: "0.000079", subunitToUnit: FIAT_SUBUNIT },
  { code: "KZT", type: "fiat", symbol: "₸", rate: "0.00205", subunitToUnit: FIAT_SUBUNIT },
  { code: "RUB", type: "fiat", symbol: "₽", rate: "0.011", subunitToUnit: FIAT_SUBUNIT },
  // Enabled but hidden: exercises the ?visible filter.
  { code: "UAH", type: "fiat", symbol: "₴", rate: "0.024", subunitToUnit: FIAT_SUBUNIT, isVisible: false },
  { code: "PLN", type: "fiat", symbol: "zł", rate: "0.25", subunitToUnit: FIAT_SUBUNIT },
  // Prefixed symbols so they are not mistaken for USD.
  { code: "MXN", type: "fiat", symbol: "MX$", rate: "0.055", subunitToUnit: FIAT_SUBUNIT },
  { code: "CAD", type: "fiat", symbol: "CA$", rate: "0.73", subunitToUnit: FIAT_SUBUNIT },
  // A rate only (no accounts yet): the UK's jurisdiction profile states its stake caps in pounds (ADR 031).
  { code: "GBP", type: "fiat", symbol: "£", rate: "1.27", subunitToUnit: FIAT_SUBUNIT, isEnabled: false, isVisible: false },
  {
    code: "BTC",
    type: "crypto",
    symbol: "₿",
    rate: "64250.5",
    subunitToUnit: "100000000",
    subCurrencies: [{ code: "mBTC", subunitToUnit: "100000" }],
  },
  {
    code: "ETH",
    type: "crypto",
    symbol: "Ξ",
    rate: "3150.25",
    subunitToUnit: "1000000000000000000",
    subCurrencies: [{ code: "mETH", subunitToUnit: "1000000000000000" }],
  },
  { code: "USDT", type: "crypto", symbol: "₮", rate: "1", subunitToUnit: "1000000" },
  { code: "TRX", type: "crypto", symbol: "TRX", rate: "0.12", subunitToUnit: "1000000" },
  { code: "TON", type: "crypto", symbol: "TON", rate: "5.4", subunitToUnit: "1000000000" },
  // Disabled: exercises the isEnabled handling.
  { code: "LTC", type: "crypto", symbol: "Ł", rate: "72.3", subunitToUnit: "100000000", isEnabled: false },
];

const BASE_CURRENCY_CODE = "USD";

export const currencies: Currency[] = CURRENCY_SEEDS.map((seed) => ({
  code: seed.code,
  type: seed.type,
  symbol: seed.symbol,
  rate: { value: seed.rate },
  subunitToUnit: seed.subunitToUnit,
  subCurrencies: seed.subCurrencies ?? [],
  isEnabled: seed.isEnabled ?? true,
  isBase: seed.code === BASE_CURRENCY_CODE,
  isVisible: seed.isVisible ?? true,
}));

// ---------------------------------------------------------------------------------------------
// Locales

const LOCALE_NATIVE_NAMES: Record<SupportedLocaleCode, string> = {
  en: "English",
  "en-ca": "English (Canada)",
  de: "Deutsch",
  fr: "Français",
  es: "Español",
  "es-mx": "Español (México)",
  pt: "Português",
  "pt-br": "Português (Brasil)",
  ru: "Русский",
  tr: "Türkçe",
  hi: "हिन्दी",
  fa: "فارسی",
  uz: "Oʻzbekcha",
  kk: "Қазақша",
  it: "Italiano",
  et: "Eesti",
  fi: "Suomi",
  el: "Ελληνικά",
  id: "Bahasa Indonesia",
  nb: "Norsk bokmål",
  pl: "Polski",
  ro: "Română",
  // The spec's "se" is used for Swedish (alongside the other Nordic locales).
  se: "Svenska",
  cs: "Čeština",
  da: "Dansk",
  nl: "Nederlands",
};

const RTL_SET: ReadonlySet<string> = new Set(RTL_LOCALES);

export const locales: Locale[] = SUPPORTED_LOCALE_CODES.map((code) => ({
  code,
  name: LOCALE_NATIVE_NAMES[code],
  isDefault: code === DEFAULT_LOCALE,
  direction: RTL_SET.has(code) ? "rtl" : "ltr",
  isEnabled: true,
}));

// ---------------------------------------------------------------------------------------------
// Countries

const SUPPORTED_SET: ReadonlySet<string> = new Set(SUPPORTED_LOCALE_CODES);

// Regional variants we have, keyed by "language-COUNTRY".
const REGIONAL_LOCALES: Record<string, SupportedLocaleCode> = {
  "pt-BR": "pt-br",
  "es-MX": "es-mx",
  "en-CA": "en-ca",
};

// ISO 639-1 languages whose locale has a different code in our list.
const LANGUAGE_ALIASES: Record<string, SupportedLocaleCode> = {
  no: "nb",
  nn: "nb",
  sv: "se",
};

function localeForLanguage(language: string, countryCode: string): SupportedLocaleCode | undefined {
  const regional = REGIONAL_LOCALES[`${language}-${countryCode}`];
  if (regional) return regional;
  const aliased = LANGUAGE_ALIASES[language];
  if (aliased) return aliased;
  return SUPPORTED_SET.has(language) ? (language as SupportedLocaleCode) : undefined;
}

/**
 * Suggested locale for a country: its first listed language that we support (so Belarus, listed
 * as be, ru, gets ru rather than English), else the default locale.
 */
export function localeForCountry(countryCode: string, languages: readonly string[]): SupportedLocaleCode {
  for (const language of languages) {
    const locale = localeForLanguage(language, countryCode);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

const EXCLUDED_SET: ReadonlySet<string> = new Set(EXCLUDED_COUNTRY_CODES);

/**
 * A country's own currency: the first ISO 4217 code of its ISO data (Germany EUR, Brazil BRL).
 * Read from the same ISO table as the countries' names, so rows stored before it was served
 * have it too, with no migration.
 */
export function currencyOfCountry(code: string): string | undefined {
  const iso = (isoCountries as Partial<Record<string, { currency: readonly string[] }>>)[code];
  const currency = iso?.currency[0];
  return currency !== undefined && /^[A-Z]{3}$/.test(currency) ? currency : undefined;
}

export const countries: Country[] = (Object.keys(isoCountries) as TCountryCode[])
  .map((code): Country => {
    const iso = isoCountries[code];
    const phone = iso.phone[0];
    const currency = currencyOfCountry(code);
    return {
      code,
      name: iso.name,
      locale: localeForCountry(code, iso.languages),
      isSelectable: !EXCLUDED_SET.has(code),
      ...(phone === undefined ? {} : { phoneCode: `+${phone}` }),
      ...(currency === undefined ? {} : { currency }),
    };
  })
  .sort((a, b) => a.name.localeCompare(b.name, "en"));

// ---------------------------------------------------------------------------------------------
// Time zones

/** Offset of `timeZone` from UTC at `at`, in minutes (east positive). */
export function utcOffsetMinutes(timeZone: string, at: Date): number {
  const label =
    new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  const match = /^GMT([+-])(\d{2}):(\d{2})$/.exec(label);
  if (!match) return 0; // plain "GMT"
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** "+03:00" / "-03:30" / "+00:00". */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const abs = Math.abs(minutes);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  return `${sign}${hh}:${mm}`;
}

// ICU lists some zones under their pre-rename CLDR ids; players look for the current IANA name.
const RENAMED_TIME_ZONES: Record<string, string> = {
  "Africa/Asmera": "Africa/Asmara",
  "America/Buenos_Aires": "America/Argentina/Buenos_Aires",
  "America/Catamarca": "America/Argentina/Catamarca",
  "America/Coral_Harbour": "America/Atikokan",
  "America/Cordoba": "America/Argentina/Cordoba",
  "America/Godthab": "America/Nuuk",
  "America/Indianapolis": "America/Indiana/Indianapolis",
  "America/Jujuy": "America/Argentina/Jujuy",
  "America/Louisville": "America/Kentucky/Louisville",
  "America/Mendoza": "America/Argentina/Mendoza",
  "Asia/Calcutta": "Asia/Kolkata",
  "Asia/Katmandu": "Asia/Kathmandu",
  "Asia/Rangoon": "Asia/Yangon",
  "Asia/Saigon": "Asia/Ho_Chi_Minh",
  "Atlantic/Faeroe": "Atlantic/Faroe",
  "Europe/Kiev": "Europe/Kyiv",
  "Pacific/Enderbury": "Pacific/Kanton",
  "Pacific/Ponape": "Pacific/Pohnpei",
  "Pacific/Truk": "Pacific/Chuuk",
};

function isKnownTimeZone(id: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: id });
    return true;
  } catch {
    return false;
  }
}

function currentTimeZoneId(id: string): string {
  const renamed = RENAMED_TIME_ZONES[id];
  return renamed !== undefined && isKnownTimeZone(renamed) ? renamed : id;
}

/** All IANA zones known to the runtime (plus UTC), named "(UTC+03:00) Europe/Istanbul", sorted by offset then id. */
export function buildTimeZones(at: Date = new Date()): TimeZone[] {
  const ids = new Set(Intl.supportedValuesOf("timeZone").map(currentTimeZoneId));
  ids.add("UTC");
  return [...ids]
    .map((id) => ({ id, offset: utcOffsetMinutes(id, at) }))
    .sort((a, b) => a.offset - b.offset || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .map(({ id, offset }) => ({ id, name: `(UTC${formatUtcOffset(offset)}) ${id}` }));
}

export const timeZones: TimeZone[] = buildTimeZones();

// ---------------------------------------------------------------------------------------------
// Constants

export const constants: Constants = CONSTANT_GROUPS;

export const referenceData = { currencies, locales, countries, timeZones, constants };
export type ReferenceData = typeof referenceData;
