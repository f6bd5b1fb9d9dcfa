import { createHash } from "node:crypto";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { isDecimalAmount } from "@playfair/contracts/money";
import type { AppDatabase, DatabaseDriver, DbExecutor } from "../../db/database.ts";
import { executeNamedRows, executeNamedText, executeRows } from "../../db/sql-rows.ts";
import { asLedgerError, LedgerError } from "./ledger-errors.ts";
import { ledgerAccounts, ledgerTransactions } from "./ledger.schema.ts";

export { LedgerError, ledgerErrorToAppError, withLedgerRetry, type LedgerErrorCode } from "./ledger-errors.ts";

// The ledger's service layer: every money movement of every domain is a `post` here. The rules
// live in the database (migration 0005: ledger_post(), the balanced-at-commit trigger, append-only
// triggers, the non-negative CHECK); this layer builds legs, fingerprints requests for idempotency,
// maps the database's answers to domain errors and retries serialization failures and deadlocks.

/**
 * Balance kinds a player's wallet account has: cash (withdrawable), held withdrawals, stakes held
 * until their bet settles, and bonus money (for bonuses, not built yet). All are the player's and
 * never negative; moving between them is a ledger transaction like any other.
 */
export const PLAYER_BALANCE_KINDS = ["cash", "withdrawal-hold", "stake-hold", "bonus"] as const;
export type PlayerBalanceKind = (typeof PLAYER_BALANCE_KINDS)[number];

/** A wallet account's balances by kind from its ledger account rows (missing kinds are "0"). */
export function balancesByKind(rows: Iterable<{ balanceKind: string | null; balance: string | null }>): Record<PlayerBalanceKind, string> {
  const balances: Record<PlayerBalanceKind, string> = { cash: "0", "withdrawal-hold": "0", "stake-hold": "0", bonus: "0" };
  for (const row of rows) {
    if (row.balanceKind !== null && row.balance !== null && (PLAYER_BALANCE_KINDS as readonly string[]).includes(row.balanceKind)) {
      balances[row.balanceKind as PlayerBalanceKind] = row.balance;
    }
  }
  return balances;
}

/**
 * House accounts: the only balances that may go negative (L2). A deposit moves money from the
 * provider's clearing account (negative: what the provider owes us) to the player.
 */
export type HouseAccountCode = `payment-clearing:${string}` | "game-house" | "bonus-budget" | "sportsbook-house" | "adjustments";
/** The house accounts of stakes and payouts (games, bonuses, sports, their write-offs): see `prepareHouseAccounts`. */
const STAKE_HOUSE_CODES = ["game-house", "bonus-budget", "sportsbook-house", "adjustments"] as const satisfies readonly HouseAccountCode[];

export type LedgerLeg = { accountId: bigint; amount: string };

export type PostRequest = {
  /** What kind of movement this is ("deposit", "withdrawal-hold", "transfer", ...), for history and audits. */
  kind: string;
  /** Unique forever: retries of one external operation carry the same key (L4). */
  idempotencyKey: string;
  /** Two or more legs; amounts are signed decimal strings that sum to zero per currency. */
  legs: LedgerLeg[];
  metadata?: Record<string, unknown>;
  /** The transaction this one reverses (at most once). */
  reverses?: bigint;
};

export type PostedLeg = { accountId: bigint; amount: string; balanceAfter: string };
export type PostResult = { transactionId: bigint; replayed: boolean; legs: PostedLeg[] };

/** A `ledger_post` call for a caller's statement: its text with parameters numbered from `first`, and those parameters. */
export type PostCall = { text(first: number): string; params: readonly unknown[] };

function fingerprint(request: PostRequest, currencies: Map<bigint, string>): string {
  const canonical = {
    kind: request.kind,
    reverses: request.reverses?.toString() ?? null,
    legs: request.legs
      .map((leg) => [leg.accountId.toString(), currencies.get(leg.accountId) ?? "", normalizeDecimal(leg.amount)])
      .sort((left, right) => (left.join("|") < right.join("|") ? -1 : 1)),
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/** "10.50" and "10.5" are one amount: fingerprints must not tell them apart. */
function normalizeDecimal(amount: string): string {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? amount.slice(1) : amount).split(".");
  const trimmedWhole = whole.replace(/^0+(?=\d)/, "");
  const trimmedFraction = fraction.replace(/0+$/, "");
  const body = trimmedFraction ? `${trimmedWhole}.${trimmedFraction}` : trimmedWhole;
  return negative && body !== "0" ? `-${body}` : body;
}

/**
 * Rows per house account and currency. A movement touching a house account locks one shard row
 * until its commit (including the WAL flush); with one row every stake, payout and deposit of the
 * site would queue there. The house's balance is the sum of its shards.
 */
const HOUSE_ACCOUNT_SHARDS = 16;

/** Wallet accounts whose ledger account ids are kept in memory (the map starts over when full). */
const PLAYER_ACCOUNT_CACHE_SIZE = 100_000;

/** The finest currency precision we carry (ETH: 18 decimals). */
const MAX_DECIMALS = 18;

type PostedRow = { transaction_id: string; replayed: boolean; account_id: string; amount: string; balance_after: string };

type SetRow = { transaction_id: string; replayed: boolean };

/** A PostgreSQL array literal of the values (quoted, so any text is safe; null is NULL). */
function arrayLiteral(values: readonly (string | null)[]): string {
  return `{${values.map((value) => (value === null ? "NULL" : `"${value.replace(/[\\"]/g, "\\$&")}"`)).join(",")}}`;
}

type AccountFacts = { id: bigint; currency: string; isHouse: boolean };

export type Ledger = {
  /**
   * Writes one balanced transaction, or replays the one written earlier under the same key.
   * Call it inside the caller's database transaction when the movement belongs with other writes
   * (an invoice's status, an outbox event): all of it commits or none of it does.
   */
  post(executor: DbExecutor, request: PostRequest): Promise<PostResult>;
  /**
   * `post` for several transactions written in the given order in one round trip (ledger_post_many):
   * each is what `post` alone would write or replay; the first refusal refuses the call, and the
   * caller's transaction (which rolls back) decides what of it stays. Keys must differ.
   */
  postMany(executor: DbExecutor, requests: PostRequest[]): Promise<PostResult[]>;
  /** `post` run by the caller's statement (`select * from <call.text(n)>`, `call.params` from $n), a round trip fewer; refusals mapped as `post` maps them. */
  postWithin<Answer>(executor: DbExecutor, request: PostRequest, run: (call: PostCall) => Promise<Answer>): Promise<Answer>;
  /**
   * Many transactions written as one set (ledger_post_set, ADR 037): the same keys, legs, guards and
   * errors as `post` for each in the given order, with each touched balance locked and moved once.
   * For movements that come by the thousand (a market's settlement). Keys must differ.
   */
  postSet(executor: DbExecutor, requests: PostRequest[]): Promise<{ transactionId: bigint; replayed: boolean }[]>;
  /** The player accounts of one wallet account (created when missing), by balance kind. */
  playerAccounts(executor: DbExecutor, walletAccountId: string, currency: string): Promise<Record<PlayerBalanceKind, bigint>>;
  /** `playerAccounts` for many wallet accounts in one statement (accounts not created yet are created one by one). */
  playerAccountsOf(executor: DbExecutor, accounts: readonly { walletAccountId: string; currency: string }[]): Promise<Map<string, Record<PlayerBalanceKind, bigint>>>;
  /** A house account in one currency (created when missing): one of its shards, taken in turn. */
  houseAccount(executor: DbExecutor, code: HouseAccountCode, currency: string): Promise<bigint>;
  /**
   * The house accounts that stakes and payouts use, in each of `currencies`, found or created now
   * (at start-up): on PostgreSQL a missing house account is created on a connection of its own, and
   * a stake asking for it would hold its locks while it waits for that connection (a burst of one
   * player's stakes could take every pooled connection first).
   */
  prepareHouseAccounts(db: AppDatabase, currencies: readonly string[]): Promise<void>;
  /** Balances by kind for several wallet accounts (missing kinds are "0"). */
  balances(executor: DbExecutor, walletAccountIds: string[]): Promise<Map<string, Record<PlayerBalanceKind, string>>>;
  /** The transaction written under an idempotency key, if any (to tell a replay from a reuse). */
  findTransaction(executor: DbExecutor, idempotencyKey: string): Promise<{ id: bigint; kind: string; metadata: Record<string, unknown> } | null>;
};

/**
 * `committed`: a database handle (and its driver) on which house accounts are created in a
 * transaction of their own. On PostgreSQL an account created inside a caller's transaction is
 * invisible to concurrent transactions until that commit (and gone if it rolls back), so handing
 * its cached id to them would fail their postings. PGlite runs one transaction at a time on one
 * connection: there the caller's executor is used (a second call would wait for itself).
 */
export function createLedger(committed?: { db: AppDatabase; driver: DatabaseDriver }): Ledger {
  // Account facts never change once written (currency, house or not): safe to keep in memory.
  const accountFacts = new Map<bigint, AccountFacts>();
  const houseAccountIds = new Map<string, bigint[]>();
  // A wallet account's ledger accounts never change once created: looked up once per process.
  const playerAccountIds = new Map<string, { currency: string; byKind: Record<PlayerBalanceKind, bigint> }>();
  let houseShardCursor = 0;

  async function factsFor(executor: DbExecutor, accountIds: bigint[]): Promise<Map<bigint, AccountFacts>> {
    const missing = accountIds.filter((id) => !accountFacts.has(id));
    if (missing.length > 0) {
      const rows = await executor
        .select({ id: ledgerAccounts.id, currency: ledgerAccounts.currency, houseCode: ledgerAccounts.houseCode })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.id, missing));
      for (const row of rows) accountFacts.set(row.id, { id: row.id, currency: row.currency, isHouse: row.houseCode !== null });
    }
    const facts = new Map<bigint, AccountFacts>();
    for (const id of accountIds) {
      const fact = accountFacts.get(id);
      if (!fact) throw new LedgerError("UNKNOWN_ACCOUNT", `no ledger account ${id}`);
      facts.set(id, fact);
    }
    return facts;
  }

  function validateLegs(request: PostRequest, facts: Map<bigint, AccountFacts>): void {
    if (request.legs.length < 2) throw new LedgerError("INVALID_LEGS", "a ledger transaction needs at least two legs");
    if (!request.idempotencyKey || request.idempotencyKey.length > 200) throw new LedgerError("INVALID_LEGS", "an idempotency key of 1..200 characters is required");
    const sums = new Map<string, bigint>();
    for (const leg of request.legs) {
      if (!isDecimalAmount(leg.amount) || /^-?0+(\.0+)?$/.test(leg.amount) || (leg.amount.split(".")[1]?.length ?? 0) > MAX_DECIMALS) throw new LedgerError("INVALID_LEGS", `leg amount "${leg.amount}" must be a non-zero decimal`);
      const currency = facts.get(leg.accountId)!.currency;
      sums.set(currency, (sums.get(currency) ?? 0n) + scaled(leg.amount));
    }
    for (const [currency, sum] of sums) {
      if (sum !== 0n) throw new LedgerError("UNBALANCED", `legs in ${currency} do not sum to zero`);
    }
  }

  /** The request as ledger_post() takes it, validated against the accounts' facts. */
  async function prepared(executor: DbExecutor, request: PostRequest) {
    const facts = await factsFor(
      executor,
      request.legs.map((leg) => leg.accountId),
    );
    validateLegs(request, facts);
    const legs = request.legs.map((leg) => {
      const fact = facts.get(leg.accountId)!;
      return { account: leg.accountId.toString(), currency: fact.currency, amount: leg.amount, house: fact.isHouse };
    });
    const currencies = new Map([...facts].map(([id, fact]) => [id, fact.currency]));
    return { kind: request.kind, key: request.idempotencyKey, fingerprint: fingerprint(request, currencies), metadata: request.metadata ?? {}, legs, reverses: request.reverses?.toString() ?? null };
  }

  function resultOf(rows: PostedRow[]): PostResult {
    return {
      transactionId: BigInt(rows[0]!.transaction_id),
      replayed: rows[0]!.replayed,
      legs: rows.map((row) => ({ accountId: BigInt(row.account_id), amount: String(row.amount), balanceAfter: String(row.balance_after) })),
    };
  }

  /** Runs one ledger statement, mapping the database's refusals to LedgerErrors. */
  async function posting<Row>(query: () => Promise<Row[]>): Promise<Row[]> {
    try {
      return await query();
    } catch (error) {
      const ledgerError = asLedgerError(error);
      // An account created in a transaction that rolled back left a dead id in the caches.
      if (ledgerError?.code === "UNKNOWN_ACCOUNT") {
        houseAccountIds.clear();
        playerAccountIds.clear();
        accountFacts.clear();
      }
      throw ledgerError ?? error;
    }
  }

  const ledger: Ledger = {
    async post(executor, request) {
      const { kind, key, fingerprint: print, metadata, legs, reverses } = await prepared(executor, request);
      const rows = await posting(() =>
        // Named, fixed text: every stake and payment of every game and bet runs it.
        executeNamedText<PostedRow>(executor, "ledger_post", "select * from ledger_post($1, $2, $3, $4::jsonb, $5::jsonb, $6)", [kind, key, print, JSON.stringify(metadata), JSON.stringify(legs), reverses]),
      );
      if (rows.length === 0) throw new LedgerError("INVALID_LEGS", "the ledger wrote no postings");
      return resultOf(rows);
    },

    async postWithin(executor, request, run) {
      const { kind, key, fingerprint: print, metadata, legs, reverses } = await prepared(executor, request);
      const text = (first: number) => `ledger_post($${first}, $${first + 1}, $${first + 2}, $${first + 3}::jsonb, $${first + 4}::jsonb, $${first + 5})`;
      const [answer] = await posting(async () => [await run({ text, params: [kind, key, print, JSON.stringify(metadata), JSON.stringify(legs), reverses] })]);
      return answer!;
    },

    async postMany(executor, requests) {
      if (new Set(requests.map((request) => request.idempotencyKey)).size !== requests.length) throw new LedgerError("INVALID_LEGS", "each transaction of one call needs its own idempotency key");
      const all: Awaited<ReturnType<typeof prepared>>[] = [];
      for (const request of requests) all.push(await prepared(executor, request));
      // Named: every stake-and-payout of a single-step round sends this text (ADR 039).
      const rows = await posting(() => executeNamedRows<PostedRow>(executor, "ledger_post_many", sql`select * from ledger_post_many(${JSON.stringify(all)}::jsonb)`));
      // Rows come transaction by transaction, in the order asked.
      const results: PostResult[] = [];
      let start = 0;
      for (let index = 1; index <= rows.length; index++) {
        if (index === rows.length || rows[index]!.transaction_id !== rows[start]!.transaction_id) {
          results.push(resultOf(rows.slice(start, index)));
          start = index;
        }
      }
      if (results.length !== requests.length) throw new LedgerError("INVALID_LEGS", "the ledger did not write every transaction asked");
      return results;
    },

    async postSet(executor, requests) {
      if (requests.length === 0) return [];
      if (new Set(requests.map((request) => request.idempotencyKey)).size !== requests.length) throw new LedgerError("INVALID_LEGS", "each transaction of one call needs its own idempotency key");
      await factsFor(executor, [...new Set(requests.flatMap((request) => request.legs.map((leg) => leg.accountId)))]);
      const all: Awaited<ReturnType<typeof prepared>>[] = [];
      for (const request of requests) all.push(await prepared(executor, request));
      // Parallel arrays: the function reaches a request's transaction by its index, never by a join on keys.
      const legRequests: string[] = [];
      const legAccounts: string[] = [];
      const legCurrencies: string[] = [];
      const legAmounts: string[] = [];
      all.forEach((request, index) => {
        for (const leg of request.legs) {
          legRequests.push(String(index + 1));
          legAccounts.push(leg.account);
          legCurrencies.push(leg.currency);
          legAmounts.push(leg.amount);
        }
      });
      const column = (pick: (request: (typeof all)[number]) => string | null) => arrayLiteral(all.map(pick));
      const rows = await posting(() =>
        executeRows<SetRow>(
          executor,
          sql`select * from ledger_post_set(${column((request) => request.kind)}::text[], ${column((request) => request.key)}::text[], ${column((request) => request.fingerprint)}::text[],
                ${column((request) => JSON.stringify(request.metadata))}::jsonb[], ${column((request) => request.reverses)}::bigint[],
                ${arrayLiteral(legRequests)}::integer[], ${arrayLiteral(legAccounts)}::bigint[], ${arrayLiteral(legCurrencies)}::text[], ${arrayLiteral(legAmounts)}::numeric[])`,
        ),
      );
      return rows.map((row) => ({ transactionId: BigInt(row.transaction_id), replayed: row.replayed }));
    },

    async playerAccountsOf(executor, accounts) {
      const result = new Map<string, Record<PlayerBalanceKind, bigint>>();
      const missing = [...new Map(accounts.filter((account) => !playerAccountIds.has(account.walletAccountId)).map((account) => [account.walletAccountId, account])).values()];
      if (missing.length > 0) {
        const rows = await executor
          .select({ id: ledgerAccounts.id, walletAccountId: ledgerAccounts.walletAccountId, balanceKind: ledgerAccounts.balanceKind, currency: ledgerAccounts.currency })
          .from(ledgerAccounts)
          .where(inArray(ledgerAccounts.walletAccountId, missing.map((account) => account.walletAccountId)));
        const found = new Map<string, { currency: string; byKind: Record<PlayerBalanceKind, bigint> }>();
        for (const row of rows) {
          const entry = found.get(row.walletAccountId!) ?? { currency: row.currency, byKind: {} as Record<PlayerBalanceKind, bigint> };
          entry.byKind[row.balanceKind as PlayerBalanceKind] = row.id;
          found.set(row.walletAccountId!, entry);
        }
        for (const [walletAccountId, entry] of found) {
          // Only complete sets are kept; a wallet account still missing kinds goes through playerAccounts.
          if (Object.keys(entry.byKind).length < PLAYER_BALANCE_KINDS.length) continue;
          for (const id of Object.values(entry.byKind)) accountFacts.set(id, { id, currency: entry.currency, isHouse: false });
          if (playerAccountIds.size >= PLAYER_ACCOUNT_CACHE_SIZE) playerAccountIds.clear();
          playerAccountIds.set(walletAccountId, entry);
        }
      }
      for (const { walletAccountId, currency } of accounts) {
        const cached = playerAccountIds.get(walletAccountId);
        result.set(walletAccountId, cached && cached.currency === currency ? cached.byKind : await ledger.playerAccounts(executor, walletAccountId, currency));
      }
      return result;
    },

    async playerAccounts(executor, walletAccountId, currency) {
      const cached = playerAccountIds.get(walletAccountId);
      if (cached) {
        if (cached.currency !== currency) throw new LedgerError("UNKNOWN_ACCOUNT", `wallet account ${walletAccountId} is not in ${currency}`);
        return cached.byKind;
      }
      const select = () =>
        executor
          .select({ id: ledgerAccounts.id, balanceKind: ledgerAccounts.balanceKind, currency: ledgerAccounts.currency })
          .from(ledgerAccounts)
          .where(eq(ledgerAccounts.walletAccountId, walletAccountId));
      let rows = await select();
      const created = rows.length < PLAYER_BALANCE_KINDS.length;
      if (created) {
        await executor
          .insert(ledgerAccounts)
          .values(PLAYER_BALANCE_KINDS.map((balanceKind) => ({ walletAccountId, balanceKind, currency })))
          .onConflictDoNothing();
        rows = await select();
      }
      const byKind = {} as Record<PlayerBalanceKind, bigint>;
      for (const row of rows) {
        if (row.currency !== currency) throw new LedgerError("UNKNOWN_ACCOUNT", `wallet account ${walletAccountId} is not in ${currency}`);
        byKind[row.balanceKind as PlayerBalanceKind] = row.id;
        accountFacts.set(row.id, { id: row.id, currency: row.currency, isHouse: false });
      }
      // Rows created by this call would vanish with the caller's rollback: only ones found are kept.
      if (!created) {
        if (playerAccountIds.size >= PLAYER_ACCOUNT_CACHE_SIZE) playerAccountIds.clear();
        playerAccountIds.set(walletAccountId, { currency, byKind });
      }
      return byKind;
    },

    async houseAccount(executor, code, currency) {
      const cacheKey = `${code}/${currency}`;
      let shards = houseAccountIds.get(cacheKey);
      if (!shards) {
        const creator = committed?.driver === "postgres" ? committed.db : executor;
        const created = await creator
          .insert(ledgerAccounts)
          .values(Array.from({ length: HOUSE_ACCOUNT_SHARDS }, (_, shard) => ({ houseCode: code, balanceKind: "house", currency, mayGoNegative: true, shard })))
          .onConflictDoNothing()
          .returning({ id: ledgerAccounts.id });
        const rows = await creator
          .select({ id: ledgerAccounts.id })
          .from(ledgerAccounts)
          .where(and(eq(ledgerAccounts.houseCode, code), eq(ledgerAccounts.currency, currency)))
          .orderBy(asc(ledgerAccounts.shard));
        if (rows.length === 0) throw new LedgerError("UNKNOWN_ACCOUNT", `house account ${code} in ${currency} was not created`);
        shards = rows.map((row) => row.id);
        // Shards created in the caller's transaction would vanish with its rollback: kept once found
        // (created outside any caller's transaction, on the database itself, they are committed).
        if (created.length === 0 || creator !== executor || executor === committed?.db) houseAccountIds.set(cacheKey, shards);
        for (const id of shards) accountFacts.set(id, { id, currency, isHouse: true });
      }
      // Spread the movements over the shards; any shard is the house account.
      houseShardCursor = (houseShardCursor + 1) % shards.length;
      return shards[houseShardCursor]!;
    },

    async prepareHouseAccounts(db, currencies) {
      for (const currency of currencies) for (const code of STAKE_HOUSE_CODES) await ledger.houseAccount(db, code, currency);
    },

    async findTransaction(executor, idempotencyKey) {
      const [row] = await executor
        .select({ id: ledgerTransactions.id, kind: ledgerTransactions.kind, metadata: ledgerTransactions.metadata })
        .from(ledgerTransactions)
        .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey));
      return row ?? null;
    },

    async balances(executor, walletAccountIds) {
      const result = new Map<string, Record<PlayerBalanceKind, string>>();
      if (walletAccountIds.length === 0) return result;
      const rows = await executor
        .select({ walletAccountId: ledgerAccounts.walletAccountId, balanceKind: ledgerAccounts.balanceKind, balance: ledgerAccounts.balance })
        .from(ledgerAccounts)
        .where(inArray(ledgerAccounts.walletAccountId, walletAccountIds));
      for (const id of walletAccountIds) result.set(id, balancesByKind(rows.filter((row) => row.walletAccountId === id)));
      return result;
    },
  };
  return ledger;
}

/** A decimal as an integer at 10^-30 scale: exact enough to compare sums of any two currencies' legs. */
function scaled(amount: string): bigint {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? amount.slice(1) : amount).split(".");
  const value = BigInt(whole) * 10n ** 30n + BigInt((fraction + "0".repeat(30)).slice(0, 30) || "0");
  return negative ? -value : value;
}
