import type { Country, Currency, Locale } from "@playfair/contracts/settings";
import { asc, desc } from "drizzle-orm";
import type { AppDatabase } from "../../db/database.ts";
import { currencyOfCountry } from "./reference-data.ts";
import { countries, currencies, locales } from "./settings.schema.ts";

export async function selectCurrencies(db: AppDatabase): Promise<Currency[]> {
  const rows = await db.select().from(currencies).orderBy(desc(currencies.isBase), asc(currencies.sortOrder), asc(currencies.code));
  return rows.map((row) => ({
    code: row.code,
    type: row.type as Currency["type"],
    symbol: row.symbol,
    rate: { value: row.rate, updatedAt: row.rateUpdatedAt.toISOString() },
    subunitToUnit: row.subunitToUnit,
    subCurrencies: row.subCurrencies,
    isEnabled: row.isEnabled,
    isBase: row.isBase,
    isVisible: row.isVisible,
  }));
}

export async function selectLocales(db: AppDatabase): Promise<Locale[]> {
  const rows = await db.select().from(locales).orderBy(asc(locales.sortOrder), asc(locales.code));
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    isDefault: row.isDefault,
    direction: row.direction as Locale["direction"],
    isEnabled: row.isEnabled,
  }));
}

export async function selectCountries(db: AppDatabase): Promise<Country[]> {
  const rows = await db.select().from(countries).orderBy(asc(countries.name));
  return rows.map((row) => ({
    code: row.code,
    name: row.name,
    locale: row.locale,
    isSelectable: row.isSelectable,
    ...(row.phoneCode ? { phoneCode: row.phoneCode } : {}),
    ...withCurrency(row.code),
  }));
}

function withCurrency(code: string): { currency?: string } {
  const currency = currencyOfCountry(code);
  return currency === undefined ? {} : { currency };
}

/** Inserts what is missing and leaves existing rows alone, so operators' edits survive restarts. */
export async function insertMissingReferenceData(
  db: AppDatabase,
  data: { currencies: Currency[]; locales: Locale[]; countries: Country[] },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(currencies)
      .values(
        data.currencies.map((currency, index) => ({
          code: currency.code,
          type: currency.type,
          symbol: currency.symbol,
          rate: currency.rate.value,
          subunitToUnit: currency.subunitToUnit,
          subCurrencies: currency.subCurrencies,
          isEnabled: currency.isEnabled,
          isBase: currency.isBase,
          isVisible: currency.isVisible,
          sortOrder: index,
        })),
      )
      .onConflictDoNothing();
    await tx
      .insert(locales)
      .values(data.locales.map((locale, index) => ({ ...locale, sortOrder: index })))
      .onConflictDoNothing();
    await tx
      .insert(countries)
      .values(
        data.countries.map((country) => ({
          code: country.code,
          name: country.name,
          locale: country.locale,
          phoneCode: country.phoneCode ?? null,
          isSelectable: country.isSelectable,
        })),
      )
      .onConflictDoNothing();
  });
}
