// Benchmark players wagering a casino bonus (ADR 034), written straight in the database as the
// lifecycle would leave them: an active bonus whose requirement the run never meets, its money in
// the bonus balance and the cash moved out, so every stake is taken from bonus money (the split,
// the bonus_stakes row, the progress and its playerBonus event on each round).
import { sql } from "drizzle-orm";
import { rowsOf } from "../../apps/server/src/db/sql-rows.ts";
import type { DatabaseHandle } from "../../apps/server/src/db/database.ts";
import type { Ledger } from "../../apps/server/src/modules/ledger/ledger.service.ts";

export async function giveWageringBonuses(database: DatabaseHandle, ledger: Ledger, playerIds: string[], { amount, parallel }: { amount: string; parallel: number }): Promise<void> {
  const { db } = database;
  const terms = {
    product: "casino",
    wageringMultiplier: "10",
    wageringBase: "bonus",
    contributions: { slots: "100", table: "10", default: "100" },
    gameIds: [],
    maxBet: { USD: "5.00" },
    minMultiplier: "1",
    activationDays: 7,
    wageringDays: 30,
    maxConversionMultiplier: "1",
    excludedCountries: [],
  };
  const [template] = rowsOf<{ id: string }>(
    await db.execute(sql`insert into bonus_templates (code, kind, title, description, reward, terms, per_player_limit)
      values ('bench-wagering', 'noDeposit', '{"en":"Bench bonus"}', '{"en":"Wagered by the casino bench."}', ${JSON.stringify({ kind: "noDeposit", amount: { USD: amount } })}::jsonb, ${JSON.stringify(terms)}::jsonb, 1)
      returning id::text as id`),
  );
  const required = (Number(amount) * 1000).toFixed(2);
  const bonuses = rowsOf<{ id: string; wallet_account_id: string }>(
    await db.execute(sql`insert into player_bonuses (player_id, wallet_account_id, currency, template_id, source, status, amount, terms, wagering_multiplier, wagering_required, max_bet, max_conversion, activated_at, expires_at)
      select w.player_id, w.id, 'USD', ${template!.id}::uuid, 'manual', 2, ${amount}, ${JSON.stringify(terms)}::jsonb, '10', ${required}, '5.00', ${amount}, now(), now() + interval '30 days'
        from wallet_accounts w where w.player_id = any(${`{${playerIds.join(",")}}`}::uuid[])
      returning id::text as id, wallet_account_id::text as wallet_account_id`),
  );
  const budget = await ledger.houseAccount(db, "bonus-budget", "USD");
  const adjustments = await ledger.houseAccount(db, "adjustments", "USD");
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < bonuses.length) {
        const bonus = bonuses[next++]!;
        const accounts = await ledger.playerAccounts(db, bonus.wallet_account_id, "USD");
        const cash = rowsOf<{ balance: string }>(await db.execute(sql`select balance::text as balance from ledger_accounts where id = ${accounts.cash}`))[0]!.balance;
        await ledger.post(db, { kind: "bench-adjustment", idempotencyKey: `bench-cash-out:${bonus.id}`, legs: [{ accountId: accounts.cash, amount: `-${cash}` }, { accountId: adjustments, amount: cash }] });
        await ledger.post(db, { kind: "bonus-credit", idempotencyKey: `player-bonus:${bonus.id}:credit`, legs: [{ accountId: budget, amount: `-${amount}` }, { accountId: accounts.bonus, amount }], metadata: { playerBonusId: bonus.id } });
      }
    }),
  );
}
