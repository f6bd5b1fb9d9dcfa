import type { Country, Currency, GlobalConstants, Locale } from "@playfair/contracts/settings";
import type { AppDatabase } from "../../db/database.ts";
import { referenceData } from "./reference-data.ts";
import { insertMissingReferenceData, selectCountries, selectCurrencies, selectLocales } from "./settings.repository.ts";

/**
 * Reference data is read on nearly every page view and changes rarely, so it is kept in memory
 * and reloaded after a short time; the tables stay the source of truth for operators' edits.
 */
const REFERENCE_DATA_RELOAD_MS = 60_000;

export type ReferenceSnapshot = { currencies: Currency[]; locales: Locale[]; countries: Country[]; loadedAt: number };

export type SettingsService = ReturnType<typeof createSettingsService>;

export function createSettingsService(db: AppDatabase, options: { reloadAfterMs?: number; now?: () => number } = {}) {
  const reloadAfterMs = options.reloadAfterMs ?? REFERENCE_DATA_RELOAD_MS;
  const now = options.now ?? Date.now;
  let snapshot: ReferenceSnapshot | undefined;
  let loading: Promise<ReferenceSnapshot> | undefined;

  async function load(): Promise<ReferenceSnapshot> {
    const [currencies, locales, countries] = await Promise.all([selectCurrencies(db), selectLocales(db), selectCountries(db)]);
    return { currencies, locales, countries, loadedAt: now() };
  }

  function freshSnapshot(): ReferenceSnapshot | undefined {
    return snapshot && now() - snapshot.loadedAt < reloadAfterMs ? snapshot : undefined;
  }

  async function current(): Promise<ReferenceSnapshot> {
    const fresh = freshSnapshot();
    if (fresh) return fresh;
    // Concurrent callers share one reload instead of stampeding the database.
    loading ??= load().finally(() => {
      loading = undefined;
    });
    snapshot = await loading;
    return snapshot;
  }

  return {
    /**
     * The snapshot when it is fresh, without a promise; undefined when it must be (re)loaded.
     * The hottest endpoints answer from it synchronously and fall back to `snapshot()`.
     */
    freshSnapshot,
    /** The snapshot, reloaded first when it is stale. */
    snapshot: current,
    async listCurrencies(filter: { visible?: boolean } = {}): Promise<Currency[]> {
      const { currencies } = await current();
      return filter.visible === undefined ? currencies : currencies.filter((currency) => currency.isVisible === filter.visible);
    },
    async listLocales(): Promise<Locale[]> {
      return (await current()).locales;
    },
    async listCountries(): Promise<Country[]> {
      return (await current()).countries;
    },
    getConstants(): GlobalConstants {
      return { ...referenceData.constants, timeZones: referenceData.timeZones };
    },
    /** Forget the cached snapshot, e.g. after an operator edit. */
    invalidate(): void {
      snapshot = undefined;
    },
  };
}

export async function seedReferenceData(db: AppDatabase): Promise<void> {
  await insertMissingReferenceData(db, referenceData);
}
