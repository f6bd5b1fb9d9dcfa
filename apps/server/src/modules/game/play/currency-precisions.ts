// A currency's precision (subunitToUnit) never changes once it has balances, so each play service
// keeps the ones it has read. Reference data is read outside transactions: on PGlite (one
// connection) a settings reload from inside one would wait for that very transaction.
import { DEMO_CURRENCY } from "@playfair/contracts/game/play";
import type { SettingsService } from "../../settings/settings.service.ts";

/** Demo play money counts in hundredths. */
const DEMO_SUBUNIT_TO_UNIT = "100";

export type CurrencyPrecisions = {
  /** A currency's subunitToUnit, read outside any transaction. */
  precisionOf(currency: string): Promise<string>;
  /** The same, inside a transaction: only for a currency precisionOf has already answered. */
  knownPrecision(currency: string): string;
};

export function createCurrencyPrecisions(settings: Pick<SettingsService, "listCurrencies">): CurrencyPrecisions {
  const precisions = new Map<string, string>([[DEMO_CURRENCY, DEMO_SUBUNIT_TO_UNIT]]);
  return {
    async precisionOf(currency) {
      const cached = precisions.get(currency);
      if (cached) return cached;
      const known = (await settings.listCurrencies({})).find((candidate) => candidate.code === currency);
      if (!known) throw new Error(`unknown currency ${currency}`);
      precisions.set(currency, known.subunitToUnit);
      return known.subunitToUnit;
    },
    knownPrecision(currency) {
      const cached = precisions.get(currency);
      if (!cached) throw new Error(`the precision of ${currency} was not loaded before its transaction`);
      return cached;
    },
  };
}
