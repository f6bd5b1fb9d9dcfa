import { eq } from "drizzle-orm";
import type { DbExecutor } from "../../../db/database.ts";
import { currencies } from "../../settings/settings.schema.ts";

// A currency's precision never changes once it has balances: read once through the caller's
// executor (inside the feed's transaction too, where a read through another handle would wait for
// it on PGlite's one connection) and kept.

export type CurrencyPrecision = (executor: DbExecutor, currency: string) => Promise<string>;

export function createCurrencyPrecision(): CurrencyPrecision {
  const known = new Map<string, string>();
  return async (executor, currency) => {
    const cached = known.get(currency);
    if (cached) return cached;
    const [row] = await executor.select({ subunitToUnit: currencies.subunitToUnit }).from(currencies).where(eq(currencies.code, currency));
    if (!row) throw new Error(`unknown currency ${currency}`);
    // NUMERIC may come back as "100" or "100.000": the power of ten is its whole part.
    const precision = row.subunitToUnit.split(".")[0]!;
    known.set(currency, precision);
    return precision;
  };
}
