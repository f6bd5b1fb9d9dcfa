// Shared by the ledger's integration tests: players with wallet and ledger accounts made directly
// in the database (no HTTP), and stored balances read back.
import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { TestDatabase } from "../../../test/test-server.ts";
import { players } from "../player/player.schema.ts";
import { walletAccounts } from "./wallet-accounts.schema.ts";
import type { Ledger, PlayerBalanceKind } from "./ledger.service.ts";
import { rowsOf } from "../../db/sql-rows.ts";

export type TestPlayerAccounts = Record<PlayerBalanceKind, bigint> & { playerId: string; walletAccountId: string };

export async function newPlayerAccounts(database: TestDatabase, ledger: Ledger, currency = "USD"): Promise<TestPlayerAccounts> {
  const [player] = await database.db.insert(players).values({ email: `${randomUUID()}@example.com`, currency }).returning({ id: players.id });
  const [wallet] = await database.db.insert(walletAccounts).values({ playerId: player!.id, currency, isSelected: true }).returning({ id: walletAccounts.id });
  const accounts = await ledger.playerAccounts(database.db, wallet!.id, currency);
  return { playerId: player!.id, walletAccountId: wallet!.id, ...accounts };
}

/** The stored balance as PostgreSQL prints it ("25.50", "-4"). */
export async function storedBalance(database: TestDatabase, accountId: bigint): Promise<string> {
  const result = await database.db.execute(sql`select balance::text as balance from ledger_accounts where id = ${accountId}`);
  return rowsOf<{ balance: string }>(result)[0]!.balance;
}
