import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/test-server.ts";
import { checkLedger } from "./ledger-check.ts";
import { walletAccounts } from "./wallet-accounts.schema.ts";
import { newPlayerAccounts, storedBalance } from "./ledger-test-kit.ts";
import { sqlStateOf } from "../../db/sql-errors.ts";
import { rowsOf } from "../../db/sql-rows.ts";
import { createLedger, LedgerError, withLedgerRetry, type Ledger } from "./ledger.service.ts";

let database: TestDatabase;
let ledger: Ledger;

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger();
});

afterAll(async () => {
  await database?.close();
});

const newPlayerAccount = (currency = "USD") => newPlayerAccounts(database, ledger, currency);
const balanceOf = (accountId: bigint) => storedBalance(database, accountId);

function deposit(house: bigint, player: bigint, amount: string, key = randomUUID()) {
  return ledger.post(database.db, {
    kind: "deposit",
    idempotencyKey: key,
    legs: [
      { accountId: house, amount: `-${amount}` },
      { accountId: player, amount },
    ],
  });
}

describe("ledger", () => {
  it("moves money in balanced transactions and records the balance after each posting", async () => {
    const player = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    const result = await deposit(house, player.cash, "25.50");
    expect(result.replayed).toBe(false);
    expect(result.legs.find((leg) => leg.accountId === player.cash)?.balanceAfter).toBe("25.50");
    expect(await balanceOf(player.cash)).toBe("25.50");
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it("refuses a movement that would take a player balance below zero and writes nothing", async () => {
    const player = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    await deposit(house, player.cash, "10");
    const attempt = ledger.post(database.db, {
      kind: "withdrawal-hold",
      idempotencyKey: randomUUID(),
      legs: [
        { accountId: player.cash, amount: "-10.01" },
        { accountId: player["withdrawal-hold"], amount: "10.01" },
      ],
    });
    await expect(attempt).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await balanceOf(player.cash)).toBe("10");
    expect(await balanceOf(player["withdrawal-hold"])).toBe("0");
  });

  it("writes several transactions in one call in the order given, replays them, and refuses them together", async () => {
    const player = await newPlayerAccount();
    // Not game-house: another test sums that account's shards.
    const house = await ledger.houseAccount(database.db, "adjustments", "USD");
    const clearing = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    await deposit(clearing, player.cash, "10");
    const stake = (key: string, amount: string) => ({
      kind: "game-stake",
      idempotencyKey: key,
      legs: [
        { accountId: player.cash, amount: `-${amount}` },
        { accountId: player["stake-hold"], amount },
      ],
    });
    const settle = (key: string, amount: string, payout: string, houseShare: string) => ({
      kind: "game-win",
      idempotencyKey: key,
      legs: [
        { accountId: player["stake-hold"], amount: `-${amount}` },
        { accountId: player.cash, amount: payout },
        { accountId: house, amount: houseShare },
      ],
    });
    // The payout draws on the stake-hold the first transaction fills: in another order it would be refused.
    const round = randomUUID();
    const [staked, settled] = await ledger.postMany(database.db, [stake(`${round}:stake`, "4"), settle(`${round}:resolve`, "4", "3", "1")]);
    expect(staked!.legs.find((leg) => leg.accountId === player.cash)?.balanceAfter).toBe("6");
    expect(settled!.legs.find((leg) => leg.accountId === player.cash)?.balanceAfter).toBe("9");
    expect(settled!.transactionId).not.toBe(staked!.transactionId);
    const replayed = await ledger.postMany(database.db, [stake(`${round}:stake`, "4"), settle(`${round}:resolve`, "4", "3", "1")]);
    expect(replayed.map((result) => [result.replayed, result.transactionId])).toEqual([
      [true, staked!.transactionId],
      [true, settled!.transactionId],
    ]);
    expect(await balanceOf(player.cash)).toBe("9");

    // A stake over the balance refuses the call; the caller's transaction keeps nothing of it.
    const refused = randomUUID();
    const attempt = database.db.transaction((tx) => ledger.postMany(tx, [stake(`${refused}:stake`, "9.01"), settle(`${refused}:resolve`, "9.01", "0.01", "9")]));
    await expect(attempt).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    await expect(ledger.postMany(database.db, [stake("same-key", "1"), settle("same-key", "1", "0.50", "0.50")])).rejects.toMatchObject({ code: "INVALID_LEGS" });
    expect(await balanceOf(player.cash)).toBe("9");
    expect(await balanceOf(player["stake-hold"])).toBe("0");
    expect(await ledger.findTransaction(database.db, `${refused}:resolve`)).toBeNull();
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it("writes a set of transactions as one (postSet): the running balances of one-by-one posting, each balance moved once, replays, conflicts and refusals", async () => {
    const players = [await newPlayerAccount(), await newPlayerAccount()];
    const house = await ledger.houseAccount(database.db, "adjustments", "USD");
    const clearing = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    for (const player of players) await deposit(clearing, player.cash, "10");
    const stake = (player: (typeof players)[number], key: string, amount: string) => ({
      kind: "game-stake",
      idempotencyKey: key,
      legs: [
        { accountId: player.cash, amount: `-${amount}` },
        { accountId: player["stake-hold"], amount },
      ],
    });
    const settle = (player: (typeof players)[number], key: string, amount: string, payout: string, houseShare: string) => ({
      kind: "game-win",
      idempotencyKey: key,
      legs: [
        { accountId: player["stake-hold"], amount: `-${amount}` },
        { accountId: player.cash, amount: payout },
        { accountId: house, amount: houseShare },
      ],
    });
    const round = randomUUID();
    const requests = [
      stake(players[0]!, `${round}:a:stake`, "4"),
      stake(players[1]!, `${round}:b:stake`, "2"),
      settle(players[0]!, `${round}:a:resolve`, "4", "7", "-3"),
      settle(players[1]!, `${round}:b:resolve`, "2", "0.50", "1.50"),
    ];
    const written = await ledger.postSet(database.db, requests);
    expect(written.map((result) => result.replayed)).toEqual([false, false, false, false]);
    expect(new Set(written.map((result) => result.transactionId)).size).toBe(4);
    expect(await balanceOf(players[0]!.cash)).toBe("13");
    expect(await balanceOf(players[1]!.cash)).toBe("8.50");
    expect(await balanceOf(players[0]!["stake-hold"])).toBe("0");
    // Each posting carries the running balance one-by-one posting would have given it.
    const cashPostings = rowsOf<{ balance_after: string }>(
      await database.db.execute(sql`select balance_after::text from ledger_postings where account_id = ${players[0]!.cash} order by id`),
    );
    expect(cashPostings.map((row) => Number(row.balance_after))).toEqual([10, 6, 13]);

    const again = await ledger.postSet(database.db, requests);
    expect(again).toEqual(written.map((result) => ({ ...result, replayed: true })));
    expect(await balanceOf(players[0]!.cash)).toBe("13");
    await expect(ledger.postSet(database.db, [stake(players[0]!, `${round}:a:stake`, "5")])).rejects.toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });

    // A running balance below zero anywhere in the set refuses all of it.
    const refused = randomUUID();
    const attempt = database.db.transaction((tx) => ledger.postSet(tx, [stake(players[1]!, `${refused}:ok`, "1"), stake(players[1]!, `${refused}:over`, "7.51")]));
    await expect(attempt).rejects.toMatchObject({ code: "INSUFFICIENT_FUNDS" });
    expect(await balanceOf(players[1]!.cash)).toBe("8.50");
    expect(await ledger.findTransaction(database.db, `${refused}:ok`)).toBeNull();
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it("writes each transaction of overlapping sets once (postSet): a set partly written before, and the same set five times at once", async () => {
    const players = [await newPlayerAccount(), await newPlayerAccount(), await newPlayerAccount()];
    const clearing = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    for (const player of players) await deposit(clearing, player.cash, "10");
    const hold = (player: (typeof players)[number], key: string) => ({
      kind: "game-stake",
      idempotencyKey: key,
      legs: [
        { accountId: player.cash, amount: "-1" },
        { accountId: player["stake-hold"], amount: "1" },
      ],
    });
    const batch = randomUUID();
    const requests = Array.from({ length: 9 }, (_, index) => hold(players[index % 3]!, `${batch}:${index}`));

    // The middle three were written before: they keep their transactions, the rest are written around them.
    const earlier = await ledger.postSet(database.db, requests.slice(3, 6));
    const mixed = await ledger.postSet(database.db, requests);
    expect(mixed.map((result) => result.replayed)).toEqual([false, false, false, true, true, true, false, false, false]);
    expect(mixed.slice(3, 6).map((result) => result.transactionId)).toEqual(earlier.map((result) => result.transactionId));
    expect(new Set(mixed.map((result) => result.transactionId)).size).toBe(9);
    for (const player of players) expect(await balanceOf(player.cash)).toBe("7");

    // Five drains of one set at once: one writes it, the others wait on its keys and replay it.
    const again = requests.map((request) => ({ ...request, idempotencyKey: `${request.idempotencyKey}:again` }));
    const racing = await Promise.all(Array.from({ length: 5 }, () => withLedgerRetry(() => database.db.transaction((tx) => ledger.postSet(tx, again)))));
    const ids = racing[0]!.map((result) => result.transactionId);
    for (const results of racing) expect(results.map((result) => result.transactionId)).toEqual(ids);
    expect(racing.filter((results) => results.every((result) => !result.replayed))).toHaveLength(1);
    for (const player of players) {
      expect(await balanceOf(player.cash)).toBe("4");
      expect(await balanceOf(player["stake-hold"])).toBe("6");
    }
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it("replays the same key with the same parameters and refuses it with others (409)", async () => {
    const player = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    const key = randomUUID();
    const first = await deposit(house, player.cash, "5", key);
    const again = await deposit(house, player.cash, "5.00", key);
    expect(again.replayed).toBe(true);
    expect(again.transactionId).toBe(first.transactionId);
    expect(await balanceOf(player.cash)).toBe("5");
    await expect(deposit(house, player.cash, "6", key)).rejects.toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
  });

  it("credits once when the same key arrives ten times at once", async () => {
    const player = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    const key = randomUUID();
    const results = await Promise.all(Array.from({ length: 10 }, () => withLedgerRetry(() => deposit(house, player.cash, "7", key))));
    expect(new Set(results.map((result) => result.transactionId)).size).toBe(1);
    expect(results.filter((result) => !result.replayed)).toHaveLength(1);
    expect(await balanceOf(player.cash)).toBe("7");
  });

  it("ends 100 concurrent debits and credits on one account at the exact balance, never below zero", async () => {
    const player = await newPlayerAccount();
    const other = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    await deposit(house, player.cash, "50");
    // 60 debits of 1 (only 50 can succeed at first) and 40 credits of 0.5, interleaved.
    const operations = Array.from({ length: 100 }, (_, index) =>
      withLedgerRetry(() =>
        index % 5 < 3
          ? ledger.post(database.db, {
              kind: "transfer",
              idempotencyKey: randomUUID(),
              legs: [
                { accountId: player.cash, amount: "-1" },
                { accountId: other.cash, amount: "1" },
              ],
            })
          : deposit(house, player.cash, "0.5"),
      ).then(
        () => "ok" as const,
        (error: unknown) => (error instanceof LedgerError && error.code === "INSUFFICIENT_FUNDS" ? ("refused" as const) : Promise.reject(error)),
      ),
    );
    const outcomes = await Promise.all(operations);
    const debitsDone = outcomes.filter((outcome, index) => index % 5 < 3 && outcome === "ok").length;
    expect(outcomes.filter((outcome, index) => index % 5 >= 3).every((outcome) => outcome === "ok")).toBe(true);
    const expected = 50 + 40 * 0.5 - debitsDone;
    expect(Number(await balanceOf(player.cash))).toBe(expected);
    expect(await balanceOf(other.cash)).toBe(String(debitsDone));
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it("does not remember ledger accounts whose creation was rolled back", async () => {
    const player = await newPlayerAccount();
    const [wallet] = await database.db
      .insert(walletAccounts)
      .values({ playerId: player.playerId, currency: "EUR", isSelected: false })
      .returning({ id: walletAccounts.id });
    await expect(
      database.db.transaction(async (tx) => {
        await ledger.playerAccounts(tx, wallet!.id, "EUR");
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const accounts = await ledger.playerAccounts(database.db, wallet!.id, "EUR");
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "EUR");
    await ledger.post(database.db, { kind: "deposit", idempotencyKey: randomUUID(), legs: [{ accountId: house, amount: "-3" }, { accountId: accounts.cash, amount: "3" }] });
    expect(await balanceOf(accounts.cash)).toBe("3");
    // Found rows are remembered: the same ids come back.
    expect(await ledger.playerAccounts(database.db, wallet!.id, "EUR")).toEqual(accounts);
  });

  it("refuses UPDATE and DELETE of postings and transactions (append-only)", async () => {
    const player = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    await deposit(house, player.cash, "1");
    const refusedAsAppendOnly = (statement: ReturnType<typeof sql>) =>
      database.db.execute(statement).then(
        () => "written",
        (error: unknown) => sqlStateOf(error),
      );
    expect(await refusedAsAppendOnly(sql`update ledger_postings set amount = amount * 2`)).toBe("PF004");
    expect(await refusedAsAppendOnly(sql`delete from ledger_postings`)).toBe("PF004");
    expect(await refusedAsAppendOnly(sql`delete from ledger_transactions`)).toBe("PF004");
    expect(await refusedAsAppendOnly(sql`truncate ledger_postings cascade`)).toBe("PF004");
    // Postings point at their accounts for ever, so accounts are never removed either.
    expect(await refusedAsAppendOnly(sql`delete from ledger_accounts where id = ${player.cash}`)).toBe("PF004");
    expect(await refusedAsAppendOnly(sql`truncate ledger_accounts cascade`)).toBe("PF004");
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it("refuses balanced postings written by hand for a missing account or in another currency", async () => {
    const player = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    const handWritten = (accountId: bigint | string, currency: string) =>
      database.db
        .transaction(async (tx) => {
          const inserted = await tx.execute(sql`insert into ledger_transactions (kind, idempotency_key, request_fingerprint) values ('manual', ${randomUUID()}, 'x') returning id`);
          const transactionId = rowsOf<{ id: string }>(inserted)[0]!.id;
          await tx.execute(sql`insert into ledger_postings (transaction_id, account_id, currency, amount, balance_after) values
            (${transactionId}, ${house}, ${currency}, -5, -5), (${transactionId}, ${accountId}, ${currency}, 5, 5)`);
        })
        .then(
          () => "committed",
          (error: unknown) => sqlStateOf(error),
        );
    expect(await handWritten("999999999999", "USD")).toBe("PF002");
    expect(await handWritten(player.cash, "EUR")).toBe("PF002");
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it("refuses postings written by hand for a ledger transaction that does not exist", async () => {
    const player = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    const attempt = database.db.execute(sql`insert into ledger_postings (transaction_id, account_id, currency, amount, balance_after) values
      (999999999999, ${house}, 'USD', -5, -5), (999999999999, ${player.cash}, 'USD', 5, 5)`);
    expect(await attempt.then(() => "written", (error: unknown) => sqlStateOf(error))).toBe("23503");
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it("refuses a transaction whose postings do not sum to zero, even when written by hand", async () => {
    const player = await newPlayerAccount();
    const attempt = database.db.transaction(async (tx) => {
      const inserted = await tx.execute(sql`insert into ledger_transactions (kind, idempotency_key, request_fingerprint) values ('manual', ${randomUUID()}, 'x') returning id`);
      const transactionId = rowsOf<{ id: string }>(inserted)[0]!.id;
      await tx.execute(sql`insert into ledger_postings (transaction_id, account_id, currency, amount, balance_after) values (${transactionId}, ${player.cash}, 'USD', 5, 5)`);
    });
    expect(await attempt.then(() => "committed", (error: unknown) => sqlStateOf(error))).toBe("PF003");
  });

  it("refuses legs that do not balance before touching the database", async () => {
    const player = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    await expect(
      ledger.post(database.db, {
        kind: "deposit",
        idempotencyKey: randomUUID(),
        legs: [
          { accountId: house, amount: "-1" },
          { accountId: player.cash, amount: "2" },
        ],
      }),
    ).rejects.toMatchObject({ code: "UNBALANCED" });
  });

  it("never deadlocks on transfers A->B and B->A in parallel", async () => {
    const first = await newPlayerAccount();
    const second = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    await deposit(house, first.cash, "100");
    await deposit(house, second.cash, "100");
    const transfer = (from: bigint, to: bigint) =>
      withLedgerRetry(() =>
        ledger.post(database.db, {
          kind: "transfer",
          idempotencyKey: randomUUID(),
          legs: [
            { accountId: from, amount: "-1" },
            { accountId: to, amount: "1" },
          ],
        }),
      );
    await Promise.all(Array.from({ length: 40 }, (_, index) => (index % 2 === 0 ? transfer(first.cash, second.cash) : transfer(second.cash, first.cash))));
    expect(await balanceOf(first.cash)).toBe("100");
    expect(await balanceOf(second.cash)).toBe("100");
  });

  it("reconciliation reports a stored balance that no longer equals its postings", async () => {
    const player = await newPlayerAccount();
    const house = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "USD");
    await deposit(house, player.cash, "3");
    // Balances are the one mutable part; tampering with one is exactly what the check must catch.
    await database.db.execute(sql`update ledger_accounts set balance = balance + 1 where id = ${player.cash}`);
    const report = await checkLedger(database.db);
    expect(report.problems.some((problem) => problem.startsWith(`account ${player.cash}: stored balance 4`))).toBe(true);
    await database.db.execute(sql`update ledger_accounts set balance = balance - 1 where id = ${player.cash}`);
    expect((await checkLedger(database.db)).problems).toEqual([]);
  });

  it("spreads house movements over the house account's shards, whose sum is the house balance", async () => {
    const player = await newPlayerAccount();
    const shards = new Set<bigint>();
    for (let index = 0; index < 4; index++) {
      const house = await ledger.houseAccount(database.db, "game-house", "USD");
      shards.add(house);
      await deposit(house, player.cash, "1");
    }
    expect(shards.size).toBe(4);
    const result = await database.db.execute(sql`select sum(balance)::text as total from ledger_accounts where house_code = 'game-house' and currency = 'USD'`);
    expect(rowsOf<{ total: string }>(result)[0]!.total).toBe("-4");
  });

  it("lets concurrent transactions post to a house account that one of them used first", async () => {
    const fresh = createLedger({ db: database.db, driver: database.driver });
    const players = [await newPlayerAccount("EUR"), await newPlayerAccount("EUR")];
    await Promise.all(
      players.map((player) =>
        withLedgerRetry(() =>
          database.db.transaction(async (tx) => {
            const house = await fresh.houseAccount(tx, "adjustments", "EUR");
            const cash = (await fresh.playerAccounts(tx, player.walletAccountId, "EUR")).cash;
            await fresh.post(tx, { kind: "adjustment", idempotencyKey: randomUUID(), legs: [{ accountId: house, amount: "-2" }, { accountId: cash, amount: "2" }] });
          }),
        ),
      ),
    );
    for (const player of players) expect(await balanceOf(player.cash)).toBe("2");
  });
});
