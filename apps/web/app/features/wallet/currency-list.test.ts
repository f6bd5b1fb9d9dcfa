import { describe, expect, it } from "vitest";
import { currencyBadge, currencyDisplayName, groupCurrencies } from "./currency-list.ts";

describe("groupCurrencies", () => {
  it("splits fiat from crypto and keeps the order of each", () => {
    const groups = groupCurrencies([
      { code: "USD", type: "fiat", symbol: "$" },
      { code: "BTC", type: "crypto", symbol: "₿" },
      { code: "EUR", type: "fiat", symbol: "€" },
    ]);
    expect(groups.fiat.map((currency) => currency.code)).toEqual(["USD", "EUR"]);
    expect(groups.crypto.map((currency) => currency.code)).toEqual(["BTC"]);
  });
});

describe("currencyDisplayName", () => {
  it("names a fiat currency in the page's language", () => {
    expect(currencyDisplayName("EUR", "en")).toBe("Euro");
    expect(currencyDisplayName("USD", "de")).toBe("US-Dollar");
  });

  it("gives no name when the code is all there is", () => {
    expect(currencyDisplayName("USDT", "en")).toBeNull();
  });
});

describe("currencyBadge", () => {
  it("shows short symbols and falls back to the code's first letter", () => {
    expect(currencyBadge({ code: "USD", symbol: "$" })).toBe("$");
    expect(currencyBadge({ code: "BRL", symbol: "R$" })).toBe("R$");
    expect(currencyBadge({ code: "CAD", symbol: "CA$" })).toBe("C");
    expect(currencyBadge({ code: "UZS", symbol: "so'm" })).toBe("U");
  });
});
