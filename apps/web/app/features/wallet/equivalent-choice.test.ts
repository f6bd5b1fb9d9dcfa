import type { Currency } from "@playfair/contracts/settings";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { describe, expect, it } from "vitest";
import { equivalentOf, playerFiatCurrency } from "./equivalent-choice.ts";

function currency(code: string, type: Currency["type"], rate: string, subunitToUnit: string, isBase = false): Currency {
  return { code, type, symbol: code, rate: { value: rate }, subunitToUnit, subCurrencies: [], isEnabled: true, isBase, isVisible: true };
}

const currencies = new Map(
  [currency("USD", "fiat", "1", "100", true), currency("EUR", "fiat", "1.08", "100"), currency("BTC", "crypto", "64250.5", "100000000")].map((entry) => [entry.code, entry]),
);

function account(code: string, balance: string, isSelected = false): WalletAccount {
  return {
    id: code,
    currency: code,
    balance,
    cash: balance,
    bonus: "0",
    pendingWithdrawal: "0",
    status: 1,
    isSelected,
    isHidden: false,
    equivalent: code === "BTC" ? { currency: "USD", amount: "64250.50" } : null,
  };
}

describe("crypto equivalents", () => {
  it("are in the player's own fiat currency, not the site's base currency", () => {
    const accounts = [account("BTC", "1.00000000", true), account("EUR", "10.00")];
    expect(playerFiatCurrency(accounts, currencies)).toBe("EUR");
    // 64250.5 USD at 1.08 USD per EUR, rounded down like the server's.
    expect(equivalentOf(accounts[0] as WalletAccount, "EUR", currencies)).toEqual({ currency: "EUR", amount: "59491.20" });
  });

  it("fall back to the server's equivalent without a fiat account, and are never shown for fiat", () => {
    expect(playerFiatCurrency([account("BTC", "1", true)], currencies)).toBeNull();
    expect(equivalentOf(account("BTC", "1.00000000"), null, currencies)).toEqual({ currency: "USD", amount: "64250.50" });
    expect(equivalentOf(account("EUR", "1.00"), "EUR", currencies)).toBeNull();
  });
});
