import type { SupportedLocaleCode } from "./constants.ts";
import type { ContentKind, ContentPage, QuestionsPage } from "./content.ts";
import type { GameCatalogueReads } from "./game/catalogue.ts";
import type { Profile } from "./player/profile.ts";
import type { EventSummary } from "./sport/sportsbook-api.ts";
import type { Country, Currency, GlobalConstants, Locale } from "./settings.ts";

/**
 * What server-rendered pages may ask of the server's domain services. The web app's loaders call
 * these in-process (no HTTP round trip, no trust in the Host header); the browser uses the HTTP
 * API with the same schemas. Each domain adds its read models here.
 */
export type WebServices = {
  settings: {
    listCurrencies(filter?: { visible?: boolean }): Promise<Currency[]>;
    listLocales(): Promise<Locale[]>;
    listCountries(): Promise<Country[]>;
    getConstants(): GlobalConstants;
  };
  /** Markdown content pages rendered to HTML; a locale without its own version gets English. */
  content: {
    getPage(kind: ContentKind, identity: string, language: SupportedLocaleCode): Promise<ContentPage | null>;
    listQuestions(language: SupportedLocaleCode, page: number, perPage: number): Promise<QuestionsPage>;
  };
  /** The signed-in player of a page request (the access_token cookie), verified in-process. */
  accounts: {
    sessionFromAccessToken(token: string): Promise<{ playerId: string; sessionId: string; profile: Profile } | null>;
  };
  /** The casino catalogue, filtered for the viewer (country, device) like the /api/game calls. */
  game: GameCatalogueReads;
  /** The sportsbook's carousels as `/api/sportsbook/top-events` and `/api/sportsbook/live` answer them. */
  sport: {
    topEvents(limit?: number): Promise<EventSummary[]>;
    liveEvents(limit?: number): Promise<EventSummary[]>;
  };
  /** Public site configuration the pages need (third-party keys only when configured). */
  site: SiteSettings;
};

/** Third-party scripts load only when the operator configured them; null means "not used". */
export type SiteIntegrations = {
  tagManagerId: string | null;
  metricsId: string | null;
  /** Base URL of the retargeting pixel endpoint (image requests). */
  pixelUrl: string | null;
  sessionRecordingUrl: string | null;
  /** Host of the live-chat widget and its token. */
  chatHost: string | null;
  chatToken: string | null;
  captchaSiteKey: string | null;
};

/** A site with no third-party integration configured (the default, and error pages without data). */
export const NO_SITE_INTEGRATIONS: SiteIntegrations = {
  tagManagerId: null,
  metricsId: null,
  pixelUrl: null,
  sessionRecordingUrl: null,
  chatHost: null,
  chatToken: null,
  captchaSiteKey: null,
};

export type SiteSettings = {
  /**
   * The site's origin (PUBLIC_ORIGIN, else http://localhost:PORT), e.g. https://playfair.example: the
   * origin of canonical and alternate links. Never derived from a request's Host header.
   */
  publicOrigin: string;
  /** Identifies the running web build; the client compares it with builds/latest.json. */
  buildId: string;
  /** Days the affiliate tag is kept (spec 9: lifetime 86400 s x days, default 30). */
  affiliateTagDays: number;
  /** The request header the edge puts the visitor's country in (COUNTRY_HEADER): the catalogue is filtered by it. */
  countryHeader: string;
  integrations: SiteIntegrations;
};

/** Where browsers send the pages' Content-Security-Policy violation reports (POST, by the browser itself). */
export const CSP_REPORTS_PATH = "/api/security/csp-reports";

/**
 * The cookie holding a visitor's colour-mode preference ("light", "dark" or "system"), which the
 * server renders into the page; the guest page cache keys pages on it.
 */
export const THEME_COOKIE = "theme";
