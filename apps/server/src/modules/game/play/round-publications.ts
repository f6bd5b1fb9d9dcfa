// What a real-money round tells the player's channels (and, for a big win, the public feed) when it
// moves: written to the outbox in the round's own transaction, so nothing is published for a round
// that rolls back.
import { SPIN_EVENT, WINNERS_CHANNEL } from "@playfair/contracts/game/play";
import { eq, type Placeholder, type SQL } from "drizzle-orm";
import type { DbExecutor } from "../../../db/database.ts";
import { players } from "../../player/player.schema.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import type { AccountSnapshot, WalletService } from "../../wallet/wallet.service.ts";
import type { GameRoundRow } from "./game-play.schema.ts";
import type { AccountIds } from "./round-statements.ts";
import { maskedName, roundView } from "./round-views.ts";

export type RoundPublications = {
  /**
   * What the settling update selects with the round, so the account's view comes back with it
   * (one round trip, ADR 039): the account after the round's money moved, by the ids of the
   * statement's placeholders (its text is built once).
   */
  accountColumn(ids: AccountIds<Placeholder>): SQL<AccountSnapshot | null>;
  /** The ids `accountColumn` reads for `row`: nulls for a demo round (no account), the same text either way. */
  accountIdsOf(row: Pick<GameRoundRow, "demo" | "playerId" | "walletAccountId">): AccountIds<string | null>;
  /** A settled or voided round: the spin, the balance (`account`: what `accountColumn` selected) and a big win. */
  publishSettled(executor: DbExecutor, row: GameRoundRow, account: AccountSnapshot | null): Promise<void>;
  /** A stake of a round still open: the balance only. */
  publishBalance(executor: DbExecutor, row: GameRoundRow): Promise<void>;
};

export function createRoundPublications({ realtime, wallet }: { realtime: RealtimePublisher; wallet: Pick<WalletService, "accountPublication" | "accountSnapshotColumn" | "accountPublicationsOf"> }): RoundPublications {
  function accountColumn(ids: AccountIds<Placeholder>): SQL<AccountSnapshot | null> {
    return wallet.accountSnapshotColumn(ids.playerId, ids.walletAccountId);
  }

  function accountIdsOf(row: Pick<GameRoundRow, "demo" | "playerId" | "walletAccountId">): AccountIds<string | null> {
    return row.demo ? { playerId: null, walletAccountId: null } : { playerId: row.playerId, walletAccountId: row.walletAccountId };
  }

  /** The spin, the account's balance and (for a big win) the public feed: one outbox write, in the round's transaction. */
  async function publishSettled(executor: DbExecutor, row: GameRoundRow, account: AccountSnapshot | null): Promise<void> {
    if (row.demo || !row.playerId) return;
    const publications: { channel: string; data: unknown }[] = [{ channel: `game:spins#${row.playerId}`, data: { event: SPIN_EVENT, spin: roundView(row) } }];
    if (account) publications.push(...wallet.accountPublicationsOf([account]));
    if (row.isBigWin) {
      const [player] = await executor.select({ nickname: players.nickname }).from(players).where(eq(players.id, row.playerId));
      publications.push({
        channel: WINNERS_CHANNEL,
        data: {
          event: "game.winner",
          winner: { roundId: row.id, game: row.gameIdentity, player: maskedName(player?.nickname ?? null), currency: row.currency, stake: row.stake, payout: row.payout, multiplier: row.multiplier, settledAt: row.settledAt!.toISOString() },
        },
      });
    }
    await realtime.publishMany(executor, publications);
  }

  async function publishBalance(executor: DbExecutor, row: GameRoundRow): Promise<void> {
    if (row.demo || !row.playerId || !row.walletAccountId) return;
    const account = await wallet.accountPublication(executor, row.playerId, row.walletAccountId);
    if (account) await realtime.publish(executor, account.channel, account.data);
  }

  return { accountColumn, accountIdsOf, publishSettled, publishBalance };
}
