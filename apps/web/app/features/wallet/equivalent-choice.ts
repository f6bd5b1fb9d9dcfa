// Which fiat currency crypto balances are shown in (the fiat modal). Spec 9 shows an equivalent
// only for crypto accounts, with 2 decimals; the server gives it in the site's equivalent (base)
// currency, but a player thinks in the fiat currency they play with: a EUR player sees "≈ €",
// and may pick another fiat currency instead. The choice stays in this browser; the conversion
// uses the same exact rate arithmetic as the server.
import { convertAmount, MoneyError } from "@playfair/contracts/money";
import { EQUIVALENT_SUBUNIT_TO_UNIT } from "@playfair/contracts/money-display";
import type { Currency } from "@playfair/contracts/settings";
import type { EquivalentBalance, WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useSyncExternalStore } from "react";
import { useCurrencies, useWalletAccounts } from "./use-wallet.ts";
import { shownAccounts } from "./wallet-accounts.ts";

const STORAGE_KEY = "playfair:wallet:equivalent-currency";
const listeners = new Set<() => void>();

function read(): string | null {
  try {
    const value = window.localStorage.getItem(STORAGE_KEY);
    return value && /^[A-Z0-9]{2,10}$/.test(value) ? value : null;
  } catch {
    return null;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEY) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/**
 * The fiat currency code equivalents are shown in: the one chosen in this browser, else the
 * player's own fiat currency (the selected account's when it is fiat, else their first fiat
 * account's), else null for the site's equivalent currency.
 */
export function useEquivalentChoice(): string | null {
  const choice = useSyncExternalStore(subscribe, read, () => null);
  const accounts = useWalletAccounts();
  const currencies = useCurrencies();
  return choice ?? playerFiatCurrency(accounts.data, currencies.data?.byCode);
}

export function playerFiatCurrency(accounts: readonly WalletAccount[] | undefined, currencies: ReadonlyMap<string, Currency> | undefined): string | null {
  const fiat = shownAccounts(accounts ?? []).find((account) => currencies?.get(account.currency)?.type === "fiat");
  return fiat?.currency ?? null;
}

export function setEquivalentChoice(code: string | null): void {
  try {
    if (code) window.localStorage.setItem(STORAGE_KEY, code);
    else window.localStorage.removeItem(STORAGE_KEY);
  } catch {
    // Private mode without storage: the choice lasts until the page is left.
  }
  for (const listener of listeners) listener();
}

/**
 * The equivalent to show for an account: none for fiat accounts; for crypto the balance converted
 * into the chosen fiat currency (rounded down, like the server's), else the server's equivalent.
 */
export function equivalentOf(
  account: Pick<WalletAccount, "currency" | "balance" | "equivalent">,
  choice: string | null,
  currencies: ReadonlyMap<string, Currency> | undefined,
): EquivalentBalance | null {
  const from = currencies?.get(account.currency);
  if (from && from.type !== "crypto") return null;
  const target = choice ? currencies?.get(choice) : undefined;
  if (!from || !target || target.type !== "fiat" || target.code === account.equivalent?.currency) return account.equivalent;
  try {
    const amount = convertAmount(
      account.balance,
      { rate: from.rate.value, subunitToUnit: from.subunitToUnit },
      { rate: target.rate.value, subunitToUnit: EQUIVALENT_SUBUNIT_TO_UNIT },
      "floor",
    );
    return { currency: target.code, amount };
  } catch (error) {
    if (error instanceof MoneyError) return account.equivalent;
    throw error;
  }
}
