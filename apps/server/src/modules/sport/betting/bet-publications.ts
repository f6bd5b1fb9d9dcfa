import { GAME_BETS_CHANNEL } from "@playfair/contracts/game/bet-restricted";
import { SPORT_BET_EVENT, type SportBetEvent } from "@playfair/contracts/sport/bets";
import type { DbExecutor } from "../../../db/database.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import type { AccountSnapshot, WalletService } from "../../wallet/wallet.service.ts";
import { betView, legsOfBets, withEvents, type LegWithEvent, type SportBetLegRow, type SportBetRow } from "./bet-views.ts";

// Every change of a bet goes to its player's `game:bets#{playerId}` (the bet as the player sees it),
// and the account's balance to `wallet:accounts#{playerId}` as rounds do: written to the outbox in
// the transaction that changed the bet, so nothing is published for a change that rolls back.

export type BetPublications = {
  /** `legs`: the bets' legs when the caller has just read them (a settlement batch); read here otherwise. */
  publish(executor: DbExecutor, bets: readonly SportBetRow[], legs?: ReadonlyMap<string, readonly SportBetLegRow[]>): Promise<void>;
  /** `publish` when the caller knows the legs with their events already (a bet just placed): no read of them. */
  publishWithEvents(executor: DbExecutor, bets: readonly SportBetRow[], legs: ReadonlyMap<string, readonly LegWithEvent[]>): Promise<void>;
  /** A bet just placed, with its legs and its account as the statement that decided it read them: one write. */
  publishPlaced(executor: DbExecutor, bet: SportBetRow, legs: readonly LegWithEvent[], account: AccountSnapshot | null): Promise<void>;
};

export function createBetPublications({ realtime, wallet }: { realtime: RealtimePublisher; wallet: Pick<WalletService, "accountPublications" | "accountPublicationsOf"> }): BetPublications {
  function betPublication(bet: SportBetRow, legs: readonly LegWithEvent[]): { channel: string; data: unknown } {
    return { channel: `${GAME_BETS_CHANNEL}#${bet.playerId}`, data: { event: SPORT_BET_EVENT, bet: betView(bet, legs) } satisfies SportBetEvent };
  }

  async function publishWithEvents(executor: DbExecutor, bets: readonly SportBetRow[], legs: ReadonlyMap<string, readonly LegWithEvent[]>): Promise<void> {
    if (bets.length === 0) return;
    const publications = bets.map((bet) => betPublication(bet, legs.get(bet.id) ?? []));
    const accounts = new Map(bets.map((bet) => [bet.walletAccountId, { playerId: bet.playerId, walletAccountId: bet.walletAccountId }]));
    publications.push(...(await wallet.accountPublications(executor, [...accounts.values()])));
    await realtime.publishMany(executor, publications);
  }

  return {
    async publish(executor, bets, known) {
      if (bets.length === 0) return;
      const ids = bets.map((bet) => bet.id);
      await publishWithEvents(executor, bets, known ? await withEvents(executor, ids, known) : await legsOfBets(executor, ids));
    },
    publishWithEvents,
    async publishPlaced(executor, bet, legs, account) {
      await realtime.publishMany(executor, [betPublication(bet, legs), ...wallet.accountPublicationsOf(account ? [account] : [])]);
    },
  };
}
