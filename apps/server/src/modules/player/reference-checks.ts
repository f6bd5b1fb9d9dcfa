import { EXCLUDED_COUNTRY_CODES } from "@playfair/contracts/constants";
import type { SettingsService } from "../settings/settings.service.ts";

export const COUNTRY_NOT_AVAILABLE = "This country is not available.";
export const CURRENCY_NOT_AVAILABLE = "This currency is not available.";

const EXCLUDED_COUNTRIES: ReadonlySet<string> = new Set(EXCLUDED_COUNTRY_CODES);

/** Checks of form values against the operator's reference data (cached by the settings service). */
export type ReferenceChecks = {
  /** Exists and may be chosen: excluded countries (spec 5) never. */
  isSelectableCountry(code: string): Promise<boolean>;
  isEnabledCurrency(code: string): Promise<boolean>;
  isEnabledLanguage(code: string): Promise<boolean>;
  isTimeZone(id: string): boolean;
};

export function referenceChecks(settings: SettingsService): ReferenceChecks {
  let timeZoneIds: ReadonlySet<string> | undefined;
  return {
    async isSelectableCountry(code) {
      if (EXCLUDED_COUNTRIES.has(code)) return false;
      return (await settings.listCountries()).some((country) => country.code === code && country.isSelectable);
    },
    async isEnabledCurrency(code) {
      return (await settings.listCurrencies()).some((currency) => currency.code === code && currency.isEnabled);
    },
    async isEnabledLanguage(code) {
      return (await settings.listLocales()).some((locale) => locale.code === code && locale.isEnabled);
    },
    isTimeZone(id) {
      timeZoneIds ??= new Set(settings.getConstants().timeZones.map((zone) => zone.id));
      return timeZoneIds.has(id);
    },
  };
}
