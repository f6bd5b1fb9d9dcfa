import { asc, eq } from "drizzle-orm";
import type { DbExecutor } from "../../db/database.ts";
import { walletAccounts } from "../ledger/wallet-accounts.schema.ts";

// Registration's share of the wallet module: the first account and the account list of
// GET /api/player/init. Everything else about accounts is in wallet.service.ts.

export type WalletAccountView = { id: string; currency: string; status: number; isSelected: boolean; isHidden: boolean };

/** The player's first account, selected, in the currency chosen at sign-up (same transaction as the player). */
export async function insertFirstWalletAccount(executor: DbExecutor, playerId: string, currency: string): Promise<string> {
  const [row] = await executor.insert(walletAccounts).values({ playerId, currency, isSelected: true }).returning({ id: walletAccounts.id });
  if (!row) throw new Error("the wallet account was not created");
  return row.id;
}

export async function listWalletAccounts(executor: DbExecutor, playerId: string): Promise<WalletAccountView[]> {
  return executor
    .select({
      id: walletAccounts.id,
      currency: walletAccounts.currency,
      status: walletAccounts.status,
      isSelected: walletAccounts.isSelected,
      isHidden: walletAccounts.isHidden,
    })
    .from(walletAccounts)
    .where(eq(walletAccounts.playerId, playerId))
    .orderBy(asc(walletAccounts.createdAt), asc(walletAccounts.currency));
}
