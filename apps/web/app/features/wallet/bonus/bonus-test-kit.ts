// Shared pieces of the wallet bonus tests: a currency and a look at the mocked API's calls.
import type { Currency } from "@playfair/contracts/settings";
import type { Mock } from "vitest";

export const EUR: Currency = {
  code: "EUR",
  type: "fiat",
  symbol: "€",
  rate: { value: "1" },
  subunitToUnit: "100",
  subCurrencies: [],
  isEnabled: true,
  isBase: true,
  isVisible: true,
};

type RequestOptions = { query?: Record<string, string>; body?: unknown; method?: string };

/** The options of every call the mocked `apiRequest` received for `path`. */
export function requestsTo(apiRequest: Mock, path: string): RequestOptions[] {
  return apiRequest.mock.calls.filter(([called]) => called === path).map(([, options]) => (options ?? {}) as RequestOptions);
}
