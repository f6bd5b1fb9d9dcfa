// The player's wallet accounts as the pages see them: the cached list, how a realtime `account`
// event changes it, and which currencies can still be added.
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const AMOUNT = /^-?\d+(\.\d+)?$/;

function isAmount(value: unknown): value is string {
  return typeof value === "string" && AMOUNT.test(value);
}

/**
 * The account of a `wallet:accounts#` publication (`{event: "account", account}`), or null when
 * the payload is not one: a malformed event must never put a broken balance on screen.
 */
export function accountFromEvent(data: unknown): WalletAccount | null {
  if (!isRecord(data) || data.event !== "account" || !isRecord(data.account)) return null;
  const account = data.account;
  const equivalent = account.equivalent;
  const equivalentOk = equivalent === null || (isRecord(equivalent) && typeof equivalent.currency === "string" && isAmount(equivalent.amount));
  if (
    typeof account.id !== "string" ||
    typeof account.currency !== "string" ||
    !isAmount(account.balance) ||
    !isAmount(account.cash) ||
    !isAmount(account.bonus) ||
    !isAmount(account.pendingWithdrawal) ||
    typeof account.status !== "number" ||
    typeof account.isSelected !== "boolean" ||
    typeof account.isHidden !== "boolean" ||
    !equivalentOk
  ) {
    return null;
  }
  return account as WalletAccount;
}

/**
 * The list after an account event: the account replaced (or added), and when it is now the
 * selected one, every other account unselected (the server publishes only the account that changed).
 */
export function applyAccountEvent(list: readonly WalletAccount[], account: WalletAccount): WalletAccount[] {
  const known = list.some((entry) => entry.id === account.id);
  const updated = known ? list.map((entry) => (entry.id === account.id ? account : entry)) : [...list, account];
  return account.isSelected ? updated.map((entry) => (entry.id === account.id || !entry.isSelected ? entry : { ...entry, isSelected: false })) : updated;
}

/** The accounts the player keeps on show, the selected one first. */
export function shownAccounts(list: readonly WalletAccount[]): WalletAccount[] {
  return list.filter((account) => !account.isHidden || account.isSelected).sort((a, b) => Number(b.isSelected) - Number(a.isSelected));
}

export function selectedAccount(list: readonly WalletAccount[] | undefined): WalletAccount | null {
  return list?.find((account) => account.isSelected) ?? null;
}

/**
 * Enabled currencies the player has no account on show in (a hidden account's currency can be
 * added again: the server shows the old account with its balance), filtered by a search text
 * that matches the code or any of the currency's names (in the page language, and in English,
 * which players type whatever the page's language: "Bitcoin" finds BTC on a German page).
 */
export function addableCurrencies<C extends { code: string }>(
  enabled: readonly C[],
  accounts: readonly WalletAccount[],
  search: string,
  namesOf: (code: string) => readonly (string | null)[],
): C[] {
  const shown = new Set(accounts.filter((account) => !account.isHidden).map((account) => account.currency));
  const needle = search.trim().toLocaleLowerCase();
  return enabled.filter((currency) => {
    if (shown.has(currency.code)) return false;
    if (needle === "") return true;
    return [currency.code, ...namesOf(currency.code)].some((name) => name?.toLocaleLowerCase().includes(needle) ?? false);
  });
}

/**
 * Spec 4 "Switching active account": the quests, bonuses, free spins, cashback, deposit bonuses
 * and the sportsbook token depend on the selected account and reload when this event fires.
 */
const ACCOUNT_CHANGED_EVENT = "playfair:account-changed";

export type AccountChangedDetail = { accountId: string; currency: string };

export function announceAccountChanged(target: EventTarget, account: Pick<WalletAccount, "id" | "currency">): void {
  target.dispatchEvent(new CustomEvent<AccountChangedDetail>(ACCOUNT_CHANGED_EVENT, { detail: { accountId: account.id, currency: account.currency } }));
}

/** Subscribes to account changes; returns the unsubscribe function (for effects). */
export function onAccountChanged(target: EventTarget, listener: (detail: AccountChangedDetail) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<AccountChangedDetail>).detail);
  target.addEventListener(ACCOUNT_CHANGED_EVENT, handle);
  return () => target.removeEventListener(ACCOUNT_CHANGED_EVENT, handle);
}
