import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { describe, expect, it } from "vitest";
import { accountFromEvent, addableCurrencies, announceAccountChanged, applyAccountEvent, onAccountChanged, shownAccounts, type AccountChangedDetail } from "./wallet-accounts.ts";

function account(overrides: Partial<WalletAccount>): WalletAccount {
  return {
    id: "a",
    currency: "EUR",
    balance: "0.00",
    cash: "0.00",
    bonus: "0.00",
    pendingWithdrawal: "0.00",
    status: 1,
    isSelected: false,
    isHidden: false,
    equivalent: null,
    ...overrides,
  };
}

describe("wallet accounts", () => {
  const eur = account({ id: "eur", currency: "EUR", isSelected: true, balance: "10.00", cash: "10.00" });
  const btc = account({ id: "btc", currency: "BTC", balance: "0.00100000" });

  it("puts a new balance from a realtime event in place", () => {
    const next = applyAccountEvent([eur, btc], { ...eur, balance: "35.00", cash: "35.00" });
    expect(next.map((entry) => [entry.currency, entry.balance])).toEqual([
      ["EUR", "35.00"],
      ["BTC", "0.00100000"],
    ]);
  });

  it("keeps exactly one selected account when another one is switched to", () => {
    const next = applyAccountEvent([eur, btc], { ...btc, isSelected: true });
    expect(next.filter((entry) => entry.isSelected).map((entry) => entry.id)).toEqual(["btc"]);
  });

  it("adds an account it did not know", () => {
    expect(applyAccountEvent([eur], btc).map((entry) => entry.id)).toEqual(["eur", "btc"]);
  });

  it("accepts only well-formed account events", () => {
    expect(accountFromEvent({ event: "account", account: eur })).toEqual(eur);
    expect(accountFromEvent({ event: "account", account: { ...eur, balance: 10 } })).toBeNull();
    expect(accountFromEvent({ event: "other", account: eur })).toBeNull();
    expect(accountFromEvent(null)).toBeNull();
  });

  it("shows the selected account first and leaves hidden ones out", () => {
    const hidden = account({ id: "usd", currency: "USD", isHidden: true });
    expect(shownAccounts([btc, hidden, eur]).map((entry) => entry.id)).toEqual(["eur", "btc"]);
  });

  it("offers currencies not on show, searchable by code or any of their names", () => {
    const enabled = [{ code: "EUR" }, { code: "USD" }, { code: "BTC" }, { code: "ETH" }];
    const hiddenUsd = account({ id: "usd", currency: "USD", isHidden: true });
    const names: Record<string, readonly (string | null)[]> = { USD: ["US-Dollar", "US Dollar"], ETH: [null, "Ether"], BTC: ["بیت‌کوین", "Bitcoin"] };
    const nameOf = (code: string) => names[code] ?? [];
    expect(addableCurrencies(enabled, [eur, btc, hiddenUsd], "", nameOf).map((entry) => entry.code)).toEqual(["USD", "ETH"]);
    expect(addableCurrencies(enabled, [eur], "dollar", nameOf).map((entry) => entry.code)).toEqual(["USD"]);
    expect(addableCurrencies(enabled, [eur], "et", nameOf).map((entry) => entry.code)).toEqual(["ETH"]);
    expect(addableCurrencies(enabled, [eur], "Bitcoin", nameOf).map((entry) => entry.code)).toEqual(["BTC"]);
    expect(addableCurrencies(enabled, [eur], "بیت", nameOf).map((entry) => entry.code)).toEqual(["BTC"]);
  });
});

describe("account-changed flow (spec 4)", () => {
  it("tells every listener which account is now selected, until it unsubscribes", () => {
    const target = new EventTarget();
    const seen: AccountChangedDetail[] = [];
    const stop = onAccountChanged(target, (detail) => seen.push(detail));
    announceAccountChanged(target, account({ id: "usd", currency: "USD" }));
    stop();
    announceAccountChanged(target, account({ id: "eur", currency: "EUR" }));
    expect(seen).toEqual([{ accountId: "usd", currency: "USD" }]);
  });
});
