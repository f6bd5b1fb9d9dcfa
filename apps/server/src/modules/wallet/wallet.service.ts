import { EventEmitter } from "node:events";
import { and, asc, eq, sql, type Placeholder, type SQL } from "drizzle-orm";
import { convertAmount, roundAmount } from "@playfair/contracts/money";
import { EQUIVALENT_SUBUNIT_TO_UNIT } from "@playfair/contracts/money-display";
import type { Currency } from "@playfair/contracts/settings";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { fixedTextOf } from "../../db/sql-rows.ts";
import { AppError, validationFailed } from "../../lib/app-error.ts";
import { ledgerAccounts } from "../ledger/ledger.schema.ts";
import { balancesByKind, type Ledger, type PlayerBalanceKind } from "../ledger/ledger.service.ts";
import type { RealtimeService } from "../realtime/realtime.service.ts";
import type { SettingsService } from "../settings/settings.service.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";

// Wallet accounts (spec 7 "Wallet and payment"): the player's accounts per currency, their
// balances from the ledger, the one selected account, and the `wallet:accounts#` publications.

const WALLET_ACCOUNTS_CHANNEL = "wallet:accounts";

export type AccountSwitchedEvent = { playerId: string; walletAccountId: string; currency: string };

export type WalletService = {
  /** Reloads the currency list (rates for equivalents); call outside transactions, e.g. before one. */
  refreshCurrencies(): Promise<void>;
  /** The player's accounts with balances, read through `executor` when given (inside its transaction). */
  list(playerId: string, executor?: DbExecutor): Promise<WalletAccount[]>;
  create(playerId: string, currency: string): Promise<WalletAccount[]>;
  switchTo(playerId: string, walletAccountId: string): Promise<WalletAccount[]>;
  hide(playerId: string, walletAccountId: string): Promise<WalletAccount[]>;
  /** The player's account in one currency, with its ledger accounts; null when the player has none. */
  accountFor(executor: DbExecutor, playerId: string, walletAccountIdOrCurrency: { id: string } | { currency: string }): Promise<WalletAccountRef | null>;
  /** Publishes the account's current state on `wallet:accounts#{playerId}` (in the caller's transaction). */
  publishAccount(executor: DbExecutor, playerId: string, walletAccountId: string): Promise<void>;
  /** What publishAccount publishes, for a caller that sends it with its own publications in one write. */
  accountPublication(executor: DbExecutor, playerId: string, walletAccountId: string): Promise<{ channel: string; data: unknown } | null>;
  /**
   * `accountPublication` read by a statement of the caller's, so that one round trip does both: a
   * column selecting the account's snapshot (`accountSnapshotOf`; null when it is not the player's,
   * or either id is null); `accountPublicationsOf` turns what it selected into the publication.
   * The ids are values, or placeholders of a statement whose text is built once.
   */
  accountSnapshotColumn(playerId: string | null | Placeholder, walletAccountId: string | null | Placeholder): SQL<AccountSnapshot | null>;
  /** `accountPublication` for many accounts in one statement (a settlement batch touches thousands). */
  accountPublications(executor: DbExecutor, accounts: readonly { playerId: string; walletAccountId: string }[]): Promise<{ channel: string; data: unknown }[]>;
  /** `accountPublications` from snapshots the caller read in a statement of its own (`accountSnapshotColumn`, `accountSnapshotText`). */
  accountPublicationsOf(snapshots: readonly AccountSnapshot[]): { channel: string; data: unknown }[];
  /**
   * The account-changed flow of spec 4: later domains (quests, bonuses, sportsbook token) listen
   * here to reload what depends on the selected account.
   */
  onAccountSwitched(listener: (event: AccountSwitchedEvent) => void): void;
};

type WalletAccountRow = typeof walletAccounts.$inferSelect;

/**
 * What an account's publication is made of: its row's fields and its ledger balances (text: numeric
 * as PostgreSQL writes it), as `accountSnapshotOf` reads them.
 */
export type AccountSnapshot = Pick<WalletAccountRow, "id" | "playerId" | "currency" | "status" | "isSelected" | "isHidden"> & {
  balances: { accountId: string; balanceKind: string; balance: string }[];
};

/**
 * The snapshot with the balances a posting of the same statement left (its `balance_after`): a
 * statement's reads do not see what a function it calls writes, so a statement that moves money and
 * reads the snapshot in one round trip reads the balances before the move.
 */
export function withBalancesAfter(snapshot: AccountSnapshot, postings: readonly { accountId: string; balanceAfter: string }[]): AccountSnapshot {
  const after = new Map(postings.map((posting) => [posting.accountId, posting.balanceAfter]));
  return { ...snapshot, balances: snapshot.balances.map((balance) => ({ ...balance, balance: after.get(balance.accountId) ?? balance.balance })) };
}

/**
 * An expression reading the snapshot of the wallet account `walletAccountId` names, null unless it
 * is `playerId`'s: a hot path reads what its account publication needs in a statement it runs
 * anyway instead of a read of its own. The one definition of the snapshot: a round's settling
 * update selects it with values (`accountSnapshotColumn`), the sportsbook's bet with its row's
 * columns in a fixed text (`accountSnapshotText`).
 */
function accountSnapshotOf(account: { walletAccountId: SQL; playerId: SQL }): SQL<AccountSnapshot | null> {
  return sql<AccountSnapshot | null>`(select json_build_object('id', w.id, 'playerId', w.player_id, 'currency', w.currency, 'status', w.status, 'isSelected', w.is_selected, 'isHidden', w.is_hidden,
           'balances', (select coalesce(json_agg(json_build_object('accountId', l.id::text, 'balanceKind', l.balance_kind, 'balance', l.balance::text)), '[]'::json)
                          from ${ledgerAccounts} l where l.wallet_account_id = w.id))
      from ${walletAccounts} w where w.id = ${account.walletAccountId} and w.player_id = ${account.playerId})`;
}

/**
 * `accountSnapshotOf` as text, for a statement of fixed text (the sportsbook's bet, ADR 038;
 * `withBalancesAfter` when that statement also moves the money): `walletAccountId` and `playerId`
 * are expressions of that statement, such as its row's columns.
 */
export function accountSnapshotText(expressions: { walletAccountId: string; playerId: string }): string {
  return fixedTextOf(accountSnapshotOf({ walletAccountId: sql.raw(expressions.walletAccountId), playerId: sql.raw(expressions.playerId) }));
}

export type WalletAccountRef = {
  id: string;
  playerId: string;
  currency: string;
  status: number;
  ledger: { cash: bigint; withdrawalHold: bigint; stakeHold: bigint; bonus: bigint };
};

export function createWalletService(dependencies: { db: AppDatabase; ledger: Ledger; settings: SettingsService; realtime: RealtimeService }): WalletService {
  const { db, ledger, settings, realtime } = dependencies;
  const events = new EventEmitter<{ switched: [AccountSwitchedEvent] }>();
  // Reference data is read outside transactions: on PGlite (one connection) a settings reload
  // from inside a transaction would wait for that transaction forever.
  let knownCurrencies: Currency[] = [];
  let currencyByCode = new Map<string, Currency>();
  async function refreshCurrencies(): Promise<Currency[]> {
    knownCurrencies = await settings.listCurrencies({});
    currencyByCode = new Map(knownCurrencies.map((currency) => [currency.code, currency]));
    return knownCurrencies;
  }

  function viewOf(row: Pick<WalletAccountRow, "id" | "currency" | "status" | "isSelected" | "isHidden">, balance: Record<PlayerBalanceKind, string>): WalletAccount {
    const base = knownCurrencies.find((currency) => currency.isBase);
    const currency = currencyByCode.get(row.currency);
    const playable = currency ? roundAmount(addExact(balance.cash, balance.bonus), currency.subunitToUnit, "floor") : addExact(balance.cash, balance.bonus);
    const equivalent =
      currency && base && currency.type === "crypto" && currency.code !== base.code
        ? {
            currency: base.code,
            amount: convertAmount(playable, { rate: currency.rate.value, subunitToUnit: currency.subunitToUnit }, { rate: base.rate.value, subunitToUnit: EQUIVALENT_SUBUNIT_TO_UNIT }, "floor"),
          }
        : null;
    return {
      id: row.id,
      currency: row.currency,
      balance: playable,
      cash: balance.cash,
      bonus: balance.bonus,
      pendingWithdrawal: balance["withdrawal-hold"],
      status: row.status,
      isSelected: row.isSelected,
      isHidden: row.isHidden,
      equivalent,
    };
  }

  async function views(executor: DbExecutor, playerId: string): Promise<WalletAccount[]> {
    const rows = await executor
      .select()
      .from(walletAccounts)
      .where(eq(walletAccounts.playerId, playerId))
      .orderBy(asc(walletAccounts.createdAt), asc(walletAccounts.currency));
    const balances = await ledger.balances(
      executor,
      rows.map((row) => row.id),
    );
    return rows.map((row) => viewOf(row, balances.get(row.id) ?? balancesByKind([])));
  }

  /** One account with its balances in one statement: published after every movement of money. */
  async function viewById(executor: DbExecutor, playerId: string, walletAccountId: string): Promise<WalletAccount | null> {
    const rows = await executor
      .select({ account: walletAccounts, balanceKind: ledgerAccounts.balanceKind, balance: ledgerAccounts.balance })
      .from(walletAccounts)
      .leftJoin(ledgerAccounts, eq(ledgerAccounts.walletAccountId, walletAccounts.id))
      .where(and(eq(walletAccounts.id, walletAccountId), eq(walletAccounts.playerId, playerId)))
      // Named: every settled round publishes the account it played from (ADR 039).
      .prepare("wallet_account_view")
      .execute();
    const first = rows[0];
    return first ? viewOf(first.account, balancesByKind(rows)) : null;
  }

  async function ownedAccount(executor: DbExecutor, playerId: string, walletAccountId: string) {
    const [row] = await executor
      .select()
      .from(walletAccounts)
      .where(and(eq(walletAccounts.id, walletAccountId), eq(walletAccounts.playerId, playerId)));
    if (!row) throw new AppError("NOT_FOUND", "This account does not exist.");
    return row;
  }

  const service: WalletService = {
    async list(playerId, executor = db) {
      if (knownCurrencies.length === 0 && executor === db) await refreshCurrencies();
      return views(executor, playerId);
    },
    refreshCurrencies: async () => {
      await refreshCurrencies();
    },

    async create(playerId, currency) {
      const known = (await refreshCurrencies()).find((entry) => entry.code === currency);
      if (!known || !known.isEnabled) throw validationFailed({ currency: ["This currency is not available."] });
      return db.transaction(async (tx) => {
        const [existing] = await tx
          .select()
          .from(walletAccounts)
          .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.currency, currency)));
        if (existing && !existing.isHidden) throw validationFailed({ currency: ["You already have an account in this currency."] });
        let walletAccountId: string;
        if (existing) {
          // Adding a hidden currency again shows the old account (and its balance) again.
          await tx.update(walletAccounts).set({ isHidden: false }).where(eq(walletAccounts.id, existing.id));
          walletAccountId = existing.id;
        } else {
          const [hasSelected] = await tx
            .select({ id: walletAccounts.id })
            .from(walletAccounts)
            .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.isSelected, true)));
          const [row] = await tx
            .insert(walletAccounts)
            .values({ playerId, currency, isSelected: !hasSelected })
            .returning({ id: walletAccounts.id });
          walletAccountId = row!.id;
        }
        await ledger.playerAccounts(tx, walletAccountId, currency);
        await service.publishAccount(tx, playerId, walletAccountId);
        return views(tx, playerId);
      });
    },

    async switchTo(playerId, walletAccountId) {
      await refreshCurrencies();
      let switched: AccountSwitchedEvent | undefined;
      const list = await db.transaction(async (tx) => {
        const target = await ownedAccount(tx, playerId, walletAccountId);
        if (target.status !== 1) throw validationFailed({ id: ["This account cannot be used."] });
        if (!target.isSelected) {
          // Two statements in this order keep the "one selected account" unique index satisfied.
          await tx.update(walletAccounts).set({ isSelected: false }).where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.isSelected, true)));
          await tx.update(walletAccounts).set({ isSelected: true, isHidden: false }).where(eq(walletAccounts.id, walletAccountId));
          switched = { playerId, walletAccountId, currency: target.currency };
          await service.publishAccount(tx, playerId, walletAccountId);
        }
        return views(tx, playerId);
      });
      if (switched) events.emit("switched", switched);
      return list;
    },

    async hide(playerId, walletAccountId) {
      await refreshCurrencies();
      return db.transaction(async (tx) => {
        const target = await ownedAccount(tx, playerId, walletAccountId);
        if (target.isSelected) throw validationFailed({ id: ["The account you play with cannot be hidden. Switch to another account first."] });
        await tx.update(walletAccounts).set({ isHidden: true }).where(eq(walletAccounts.id, walletAccountId));
        await service.publishAccount(tx, playerId, walletAccountId);
        return views(tx, playerId);
      });
    },

    async accountFor(executor, playerId, selector) {
      const [row] = await executor
        .select()
        .from(walletAccounts)
        .where(and(eq(walletAccounts.playerId, playerId), "id" in selector ? eq(walletAccounts.id, selector.id) : eq(walletAccounts.currency, selector.currency)));
      if (!row) return null;
      const accounts = await ledger.playerAccounts(executor, row.id, row.currency);
      return {
        id: row.id,
        playerId,
        currency: row.currency,
        status: row.status,
        ledger: { cash: accounts.cash, withdrawalHold: accounts["withdrawal-hold"], stakeHold: accounts["stake-hold"], bonus: accounts.bonus },
      };
    },

    async publishAccount(executor, playerId, walletAccountId) {
      const publication = await service.accountPublication(executor, playerId, walletAccountId);
      if (publication) await realtime.publish(executor, publication.channel, publication.data);
    },

    async accountPublication(executor, playerId, walletAccountId) {
      const account = await viewById(executor, playerId, walletAccountId);
      return account ? { channel: `${WALLET_ACCOUNTS_CHANNEL}#${playerId}`, data: { event: "account", account } } : null;
    },

    accountSnapshotColumn(playerId, walletAccountId) {
      return accountSnapshotOf({ walletAccountId: sql`${walletAccountId}::uuid`, playerId: sql`${playerId}::uuid` });
    },

    async accountPublications(executor, accounts) {
      if (accounts.length === 0) return [];
      const owners = new Map(accounts.map((account) => [account.walletAccountId, account.playerId]));
      const rows = await executor
        .select({ account: walletAccounts, balanceKind: ledgerAccounts.balanceKind, balance: ledgerAccounts.balance })
        .from(walletAccounts)
        .leftJoin(ledgerAccounts, eq(ledgerAccounts.walletAccountId, walletAccounts.id))
        .where(sql`${walletAccounts.id} = any(${`{${[...owners.keys()].join(",")}}`}::uuid[])`);
      const byAccount = new Map<string, typeof rows>();
      for (const row of rows) {
        if (owners.get(row.account.id) !== row.account.playerId) continue;
        byAccount.set(row.account.id, [...(byAccount.get(row.account.id) ?? []), row]);
      }
      return [...byAccount.values()].map((accountRows) => ({
        channel: `${WALLET_ACCOUNTS_CHANNEL}#${accountRows[0]!.account.playerId}`,
        data: { event: "account", account: viewOf(accountRows[0]!.account, balancesByKind(accountRows)) },
      }));
    },

    accountPublicationsOf(snapshots) {
      return snapshots.map(({ balances, ...account }) => ({
        channel: `${WALLET_ACCOUNTS_CHANNEL}#${account.playerId}`,
        data: { event: "account", account: viewOf(account, balancesByKind(balances)) },
      }));
    },

    onAccountSwitched(listener) {
      events.on("switched", listener);
    },
  };
  return service;
}

/** Sum of two non-negative ledger balances, exact (balances carry at most 18 decimals). */
function addExact(left: string, right: string): string {
  const scale = 18;
  const toScaled = (value: string) => {
    const negative = value.startsWith("-");
    const [whole = "0", fraction = ""] = (negative ? value.slice(1) : value).split(".");
    const scaled = BigInt(whole) * 10n ** BigInt(scale) + BigInt((fraction + "0".repeat(scale)).slice(0, scale) || "0");
    return negative ? -scaled : scaled;
  };
  const sum = toScaled(left) + toScaled(right);
  const negative = sum < 0n;
  const digits = (negative ? -sum : sum).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, -scale);
  const fraction = digits.slice(-scale).replace(/0+$/, "");
  return `${negative ? "-" : ""}${whole}${fraction ? `.${fraction}` : ""}`;
}
