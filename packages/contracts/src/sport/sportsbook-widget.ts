/**
 * How the site and the sportsbook widget talk (spec 3 "Sportsbook start parameters", spec 4
 * "Sportsbook widget startup", spec 9 locale mapping; ADR 035). The widget is a separate bundle
 * served under /sportsbook/; it puts this API on `window.PlayfairSportsbook`.
 */

/** The game id of the start-game call that answers the widget's token. */
export const SPORTSBOOK_GAME_ID = "playfair-sportsbook";
/** The provider key in the start parameters. */
export const SPORTSBOOK_PROVIDER = "playfair";
/** Where the built widget is served; `manifest.json` there names its current script and stylesheet. */
export const SPORTSBOOK_ASSET_PREFIX = "/sportsbook/";
export const SPORTSBOOK_MANIFEST_PATH = `${SPORTSBOOK_ASSET_PREFIX}manifest.json`;
export type SportsbookManifest = { script: string; stylesheet: string };

/** Spec 3: platform 1 is a phone, 2 a desktop. */
export const SPORTSBOOK_PLATFORM = { mobile: 1, desktop: 2 } as const;
export type SportsbookPlatform = (typeof SPORTSBOOK_PLATFORM)[keyof typeof SPORTSBOOK_PLATFORM];

/** The country when neither the profile nor the visitor header names one (spec 3). */
export const SPORTSBOOK_FALLBACK_COUNTRY = "UA";

/** The widget's languages: the site's eight, English and Spanish in the variants the spec maps to. */
export const SPORTSBOOK_LOCALES = ["en-GB", "de", "es-ES", "fa", "hi", "pt-BR", "ru", "tr"] as const;
export type SportsbookLocale = (typeof SPORTSBOOK_LOCALES)[number];
export const SPORTSBOOK_DEFAULT_LOCALE: SportsbookLocale = "en-GB";

/**
 * Spec 9: es-MX to es-ES, en-US to en-GB, anything the widget does not speak to en-GB. The
 * site's other languages pass through (`pt-br` as `pt-BR`).
 */
export function sportsbookLocale(siteLocale: string | null | undefined): SportsbookLocale {
  const locale = (siteLocale ?? "").toLowerCase();
  if (locale === "es" || locale === "es-mx" || locale === "es-es") return "es-ES";
  if (locale === "en" || locale === "en-us" || locale === "en-gb") return "en-GB";
  const known = SPORTSBOOK_LOCALES.find((candidate) => candidate.toLowerCase() === locale);
  return known ?? SPORTSBOOK_DEFAULT_LOCALE;
}

/** Spec 3 Sportsbook start parameters. */
export type SportsbookStartParameters = {
  /** The player's selected account, empty for a guest. */
  accountId: string;
  /** The site's origin. */
  lobbyUrl: string;
  locale: SportsbookLocale;
  countryCode: string;
  demoMode: boolean;
  platform: SportsbookPlatform;
  provider: string;
};

/**
 * Spec 3: the profile's country, else the visitor country header's, else UA. Upper-cased; a
 * value that is not two letters counts as missing.
 */
export function sportsbookCountry(profileCountry: string | null | undefined, visitorCountry: string | null | undefined): string {
  for (const candidate of [profileCountry, visitorCountry]) {
    const code = candidate?.trim().toUpperCase();
    if (code && /^[A-Z]{2}$/.test(code)) return code;
  }
  return SPORTSBOOK_FALLBACK_COUNTRY;
}

export type SportsbookTheme = "light" | "dark";
export const SPORTSBOOK_WIDGET_KINDS = ["main"] as const;
export type SportsbookWidgetKind = (typeof SPORTSBOOK_WIDGET_KINDS)[number];

/** What the widget announces: `init` once it is initialised, `navigate` with the path its router moved to. */
export type SportsbookEvents = { init: undefined; navigate: { path: string } };
export type SportsbookEventName = keyof SportsbookEvents;

/** The global API of `window.PlayfairSportsbook` (`Host` is the DOM's HTMLElement in the browser). */
export type PlayfairSportsbookApi<Host = unknown> = {
  init(parameters: SportsbookStartParameters, token: string): void;
  readonly initiated: boolean;
  setToken(token: string): void;
  setTheme(theme: SportsbookTheme): void;
  /** The signed-in player's data (null for a guest): the slip's currency comes from here. */
  setUserData(data: SportsbookUserData | null): void;
  /** Moves the widget's in-memory router to a site path (`/sport/...`, without the locale prefix, with its query). */
  navigate(path: string): void;
  addWidget(kind: SportsbookWidgetKind, element: Host): void;
  removeWidget(element: Host): void;
  on<E extends SportsbookEventName>(event: E, listener: (detail: SportsbookEvents[E]) => void): () => void;
};

/** Spec 3 Plug-in user data: who plays, from where, in which currency and language. */
export type SportsbookUserData = { userId: string; geo: string; currency: string; locale: SportsbookLocale };
