import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openTestDatabase, type TestDatabase } from "../../../test/test-server.ts";
import type { DbExecutor } from "../../db/database.ts";
import { checkLedger } from "./ledger-check.ts";
import { newPlayerAccounts, storedBalance } from "./ledger-test-kit.ts";
import { createLedger, LedgerError, withLedgerRetry, type Ledger, type LedgerLeg, type PlayerBalanceKind } from "./ledger.service.ts";

// Promise L7 (docs/promises.md): seeded random mixes of deposits, bets, settlements, voids, withdrawals, payouts and
// declines, run in concurrent batches, with crashes injected before and after the ledger write
// inside each database transaction. After every seed L1-L5 must hold: balanced transactions and
// balances equal to postings (checkLedger), no negative player balance, each operation applied at
// most once however often it was retried, and each pending stake or withdrawal resolved once.

let database: TestDatabase;
let ledger: Ledger;

beforeAll(async () => {
  database = await openTestDatabase();
  ledger = createLedger();
});

afterAll(async () => {
  await database?.close();
});

/** Mulberry32: a tiny deterministic generator, so a failing seed can be replayed. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class InjectedCrash extends Error {}

type Accounts = Record<PlayerBalanceKind, bigint>;
type Pending = { key: string; kind: "stake" | "withdrawal"; accounts: Accounts; cents: bigint; claimed: boolean };

const cents = (value: bigint) => `${value < 0n ? "-" : ""}${(value < 0n ? -value : value) / 100n}.${((value < 0n ? -value : value) % 100n).toString().padStart(2, "0")}`;

async function balanceCents(accountId: bigint): Promise<bigint> {
  const [units = "0", fraction = ""] = (await storedBalance(database, accountId)).split(".");
  const negative = units.startsWith("-");
  const magnitude = BigInt(units.replace("-", "")) * 100n + BigInt((fraction + "00").slice(0, 2));
  return negative ? -magnitude : magnitude;
}

const newAccounts = () => newPlayerAccounts(database, ledger, "EUR");

describe("ledger under injected crashes (L7)", () => {
  it.each([1, 2, 3, 4, 5, 6])("keeps L1-L5 for seed %i", async (seed) => {
    const random = generator(seed);
    const pick = <T,>(items: T[]): T => items[Math.floor(random() * items.length)]!;
    const accounts = [await newAccounts(), await newAccounts(), await newAccounts()];
    const clearing = await ledger.houseAccount(database.db, "payment-clearing:sandbox", "EUR");
    const gameHouse = await ledger.houseAccount(database.db, "game-house", "EUR");
    // The model: what every player balance must be, in cents.
    const expected = new Map<bigint, bigint>();
    const add = (account: bigint, delta: bigint) => expected.set(account, (expected.get(account) ?? 0n) + delta);
    const pending: Pending[] = [];

    /**
     * One operation: a database transaction that writes its ledger transaction under `key`, with a
     * crash injected before or after the write (then the whole transaction rolls back). The caller
     * retries with the same key until one attempt commits; the model changes only then.
     */
    async function operate(key: string, legs: LedgerLeg[], kind: string, extraWrite?: (tx: DbExecutor) => Promise<void>): Promise<"applied" | "refused"> {
      for (let attempt = 0; attempt < 20; attempt++) {
        const crash = random();
        try {
          await withLedgerRetry(() =>
            database.db.transaction(async (tx) => {
              if (crash < 0.15) throw new InjectedCrash("before the ledger write");
              await ledger.post(tx, { kind, idempotencyKey: key, legs });
              if (extraWrite) await extraWrite(tx);
              if (crash > 0.85) throw new InjectedCrash("after the ledger write, before commit");
            }),
          );
          return "applied";
        } catch (error) {
          if (error instanceof InjectedCrash) continue;
          if (error instanceof LedgerError && (error.code === "INSUFFICIENT_FUNDS" || error.code === "IDEMPOTENCY_CONFLICT")) return "refused";
          throw error;
        }
      }
      throw new Error(`operation ${key} never committed`);
    }

    async function randomOperation(): Promise<void> {
      const player = pick(accounts);
      const amount = BigInt(1 + Math.floor(random() * 5000));
      const choice = random();
      if (choice < 0.3) {
        const key = `deposit:${randomUUID()}`;
        const outcome = await operate(key, [{ accountId: clearing, amount: `-${cents(amount)}` }, { accountId: player.cash, amount: cents(amount) }], "deposit");
        if (outcome === "applied") add(player.cash, amount);
        // A redelivered callback with the same key is a no-op (L4).
        expect(await operate(key, [{ accountId: clearing, amount: `-${cents(amount)}` }, { accountId: player.cash, amount: cents(amount) }], "deposit")).toBe("applied");
      } else if (choice < 0.5) {
        const key = `bet:${randomUUID()}`;
        if ((await operate(key, [{ accountId: player.cash, amount: `-${cents(amount)}` }, { accountId: player["stake-hold"], amount: cents(amount) }], "game-stake")) === "applied") {
          add(player.cash, -amount);
          add(player["stake-hold"], amount);
          pending.push({ key, kind: "stake", accounts: player, cents: amount, claimed: false });
        }
      } else if (choice < 0.65) {
        const key = `withdrawal:${randomUUID()}`;
        if ((await operate(key, [{ accountId: player.cash, amount: `-${cents(amount)}` }, { accountId: player["withdrawal-hold"], amount: cents(amount) }], "withdrawal-hold")) === "applied") {
          add(player.cash, -amount);
          add(player["withdrawal-hold"], amount);
          pending.push({ key, kind: "withdrawal", accounts: player, cents: amount, claimed: false });
        }
      } else {
        const open = pending.filter((entry) => !entry.claimed);
        if (open.length === 0) return;
        const item = pick(open);
        // Claimed synchronously: no other operation of this batch resolves the same item.
        item.claimed = true;
        const hold = item.kind === "stake" ? item.accounts["stake-hold"] : item.accounts["withdrawal-hold"];
        // Two competing resolutions at once (settle vs void, payout vs decline) under ONE
        // resolution key: exactly one wins, the other gets the stable IDEMPOTENCY_CONFLICT (L5).
        const win = item.kind === "stake" && random() < 0.5 ? item.cents * 2n : 0n;
        const resolutions: { name: string; legs: LedgerLeg[]; apply: () => void }[] =
          item.kind === "stake"
            ? [
                {
                  name: "settle",
                  legs: win > 0n
                    ? [{ accountId: hold, amount: `-${cents(item.cents)}` }, { accountId: gameHouse, amount: cents(item.cents - win) }, { accountId: item.accounts.cash, amount: cents(win) }]
                    : [{ accountId: hold, amount: `-${cents(item.cents)}` }, { accountId: gameHouse, amount: cents(item.cents) }],
                  apply: () => {
                    add(hold, -item.cents);
                    add(item.accounts.cash, win);
                  },
                },
                { name: "void", legs: [{ accountId: hold, amount: `-${cents(item.cents)}` }, { accountId: item.accounts.cash, amount: cents(item.cents) }], apply: () => (add(hold, -item.cents), add(item.accounts.cash, item.cents)) },
              ]
            : [
                { name: "payout", legs: [{ accountId: hold, amount: `-${cents(item.cents)}` }, { accountId: clearing, amount: cents(item.cents) }], apply: () => add(hold, -item.cents) },
                { name: "decline", legs: [{ accountId: hold, amount: `-${cents(item.cents)}` }, { accountId: item.accounts.cash, amount: cents(item.cents) }], apply: () => (add(hold, -item.cents), add(item.accounts.cash, item.cents)) },
              ];
        const outcomes = await Promise.all(resolutions.map((resolution) => operate(`${item.key}:resolve`, resolution.legs, resolution.name)));
        const winners = resolutions.filter((_, index) => outcomes[index] === "applied");
        expect(winners).toHaveLength(1);
        const winner = winners[0]!;
        winner.apply();
        // A late retry of either answers stably: the winner replays, the other is refused.
        for (const resolution of resolutions) {
          expect(await operate(`${item.key}:resolve`, resolution.legs, resolution.name)).toBe(resolution === winner ? "applied" : "refused");
        }
      }
    }

    for (let batch = 0; batch < 12; batch++) {
      await Promise.all(Array.from({ length: 4 }, randomOperation));
    }

    const report = await checkLedger(database.db);
    expect(report.problems).toEqual([]);
    for (const [account, value] of expected) {
      expect(value).toBeGreaterThanOrEqual(0n);
      expect(await balanceCents(account)).toBe(value);
    }
  });
});
