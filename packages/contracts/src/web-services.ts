import type { Country, Currency, GlobalConstants, Locale } from "./settings.ts";

/**
 * What server-rendered pages may ask of the server's domain services. The web app's loaders call
 * these in-process (no HTTP round trip, no trust in the Host header); the browser uses the HTTP
 * API with the same schemas. Each domain issue adds its read models here.
 */
export type WebServices = {
  settings: {
    listCurrencies(filter?: { visible?: boolean }): Promise<Currency[]>;
    listLocales(): Promise<Locale[]>;
    listCountries(): Promise<Country[]>;
    getConstants(): GlobalConstants;
  };
  /** Public site configuration the pages need (third-party keys only when configured). */
  site: {
    /** Origin used for canonical and alternate links, e.g. https://playfair.example. */
    publicOrigin: string | null;
    buildId: string;
  };
};
