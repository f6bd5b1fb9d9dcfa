// Players made for a benchmark straight in the database (signing up through the API would measure
// argon2), each with a USD cash account funded by one deposit through the ledger, as real accounts
// are: a ledger of a few batch transactions would make the planner pick scans a real one never sees.
import { sql } from "drizzle-orm";
import { rowsOf } from "../../apps/server/src/db/sql-rows.ts";
import type { DatabaseHandle } from "../../apps/server/src/db/database.ts";
import type { Ledger } from "../../apps/server/src/modules/ledger/ledger.service.ts";

export type FundedPlayers = { playerIds: string[]; cashAccountIds: bigint[] };

export async function createFundedPlayers(
  database: DatabaseHandle,
  ledger: Ledger,
  { count, emailPrefix, amount, parallel }: { count: number; emailPrefix: string; amount: string; parallel: number },
): Promise<FundedPlayers> {
  const { db } = database;
  await db.execute(sql`insert into players (email, currency) select ${emailPrefix} || g || '@example.com', 'USD' from generate_series(1, ${count}) g`);
  const pattern = `${emailPrefix}%`;
  await db.execute(sql`insert into wallet_accounts (player_id, currency, is_selected) select id, 'USD', true from players where email like ${pattern}`);
  await db.execute(
    sql`insert into ledger_accounts (wallet_account_id, balance_kind, currency) select w.id, 'cash', 'USD' from wallet_accounts w join players p on p.id = w.player_id where p.email like ${pattern}`,
  );
  const rows = rowsOf<{ player_id: string; account_id: string }>(
    await db.execute(
      sql`select p.id::text as player_id, l.id::text as account_id from players p join wallet_accounts w on w.player_id = p.id join ledger_accounts l on l.wallet_account_id = w.id and l.balance_kind = 'cash' where p.email like ${pattern} order by l.id`,
    ),
  );
  const clearing = await ledger.houseAccount(db, "payment-clearing:sandbox", "USD");
  let next = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (next < rows.length) {
        const accountId = BigInt(rows[next++]!.account_id);
        await ledger.post(db, {
          kind: "deposit",
          idempotencyKey: `bench-funding:${accountId}`,
          legs: [
            { accountId: clearing, amount: `-${amount}` },
            { accountId, amount },
          ],
        });
      }
    }),
  );
  return { playerIds: rows.map((row) => row.player_id), cashAccountIds: rows.map((row) => BigInt(row.account_id)) };
}
