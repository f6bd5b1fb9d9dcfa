import type { SettingsService } from "../settings/settings.service.ts";

// Bonus amounts are rounded to their currency's precision inside transactions, where reference
// data must not be read (PGlite has one connection): every currency is loaded before, here.

export type BonusPrecisions = {
  /** Loads every currency's subunitToUnit; call outside transactions (before one). */
  load(): Promise<void>;
  /** A currency's subunitToUnit; throws when `load` never saw it. */
  knownPrecision(currency: string): string;
};

export function createBonusPrecisions(settings: Pick<SettingsService, "listCurrencies">): BonusPrecisions {
  const precisions = new Map<string, string>();
  return {
    async load() {
      for (const currency of await settings.listCurrencies({})) precisions.set(currency.code, currency.subunitToUnit);
    },
    knownPrecision(currency) {
      const known = precisions.get(currency);
      if (!known) throw new Error(`the precision of ${currency} was not loaded`);
      return known;
    },
  };
}
