// The server data forms are built from, through TanStack Query (cached for the page's life:
// settings change rarely, and spec 7 caches settings 15 minutes on the client).
import { EXCLUDED_COUNTRY_CODES, SETTINGS_CACHE_TTL_SECONDS } from "@playfair/contracts/constants";
import type { FieldListResponse, FieldScenario } from "@playfair/contracts/player/fields";
import type { CountriesResponse, Country, CurrenciesResponse, Currency } from "@playfair/contracts/settings";
import { useQuery } from "@tanstack/react-query";
import { apiRequest } from "#app/lib/api-client.ts";

const SETTINGS_STALE_MS = SETTINGS_CACHE_TTL_SECONDS * 1000;

export type ServerFieldList = {
  /** Field names in the operator's order. */
  fields: FieldListResponse["fields"];
  names: string[];
  required: string[];
  has: (name: string) => boolean;
  isRequired: (name: string) => boolean;
};

function fieldListOf(response: FieldListResponse | undefined): ServerFieldList {
  const fields = response?.fields ?? [];
  const names = fields.map((field) => field.name);
  const required = fields.filter((field) => field.required).map((field) => field.name);
  return { fields, names, required, has: (name) => names.includes(name as never), isRequired: (name) => required.includes(name as never) };
}

/** The operator's field list of a form (GET /api/player/fields/validations?scenario=). */
export function useServerFieldList(scenario: FieldScenario) {
  const query = useQuery({
    queryKey: ["player", "fields", scenario],
    queryFn: ({ signal }) => apiRequest<FieldListResponse>("/api/player/fields/validations", { query: { scenario }, signal, auth: "none" }),
    staleTime: SETTINGS_STALE_MS,
  });
  return { ...query, list: fieldListOf(query.data) };
}

/** Countries a player may choose: selectable by the operator and not in the excluded list (spec 5). */
export function selectableCountries(countries: readonly Country[]): Country[] {
  const excluded: readonly string[] = EXCLUDED_COUNTRY_CODES;
  return countries.filter((country) => country.isSelectable && !excluded.includes(country.code));
}

/**
 * The currency sign-up suggests for a country: the country's own currency when the site offers it
 * (Germany EUR, Brazil BRL), else null (the player keeps what is chosen).
 */
export function countryCurrency(
  countryCode: unknown,
  countries: readonly Pick<Country, "code" | "currency">[] | undefined,
  enabledCurrencies: readonly { code: string }[] | undefined,
): string | null {
  if (typeof countryCode !== "string" || countryCode === "") return null;
  const currency = countries?.find((country) => country.code === countryCode)?.currency;
  return currency !== undefined && (enabledCurrencies ?? []).some((enabled) => enabled.code === currency) ? currency : null;
}

export function useCountries() {
  return useQuery({
    queryKey: ["settings", "countries"],
    queryFn: ({ signal }) => apiRequest<CountriesResponse>("/api/settings/countries", { signal, auth: "none" }),
    staleTime: SETTINGS_STALE_MS,
    select: (response) => response.data,
  });
}

/** Enabled currencies only (spec 5: only enabled currencies are offered). */
export function useEnabledCurrencies() {
  return useQuery({
    queryKey: ["settings", "currencies"],
    queryFn: ({ signal }) => apiRequest<CurrenciesResponse>("/api/settings/currencies", { signal, auth: "none" }),
    staleTime: SETTINGS_STALE_MS,
    select: (response): Currency[] => response.data.filter((currency) => currency.isEnabled),
  });
}
