import { GAME_BETS_CHANNEL } from "@playfair/contracts/game/bet-restricted";
import { SPORT_BET_EVENT, type SportBetEvent } from "@playfair/contracts/sport/bets";
import type { DbExecutor } from "../../../db/database.ts";
import type { RealtimePublisher } from "../../realtime/realtime.service.ts";
import type { WalletService } from "../../wallet/wallet.service.ts";
import { betView, legsOfBets, type SportBetRow } from "./bet-views.ts";

// Every change of a bet goes to its player's `game:bets#{playerId}` (the bet as the player sees it),
// and the account's balance to `wallet:accounts#{playerId}` as rounds do: written to the outbox in
// the transaction that changed the bet, so nothing is published for a change that rolls back.

export type BetPublications = {
  publish(executor: DbExecutor, bets: readonly SportBetRow[]): Promise<void>;
};

export function createBetPublications({ realtime, wallet }: { realtime: RealtimePublisher; wallet: Pick<WalletService, "accountPublication"> }): BetPublications {
  return {
    async publish(executor, bets) {
      if (bets.length === 0) return;
      const legs = await legsOfBets(
        executor,
        bets.map((bet) => bet.id),
      );
      const publications: { channel: string; data: unknown }[] = [];
      const accounts = new Set<string>();
      for (const bet of bets) {
        const event: SportBetEvent = { event: SPORT_BET_EVENT, bet: betView(bet, legs.get(bet.id) ?? []) };
        publications.push({ channel: `${GAME_BETS_CHANNEL}#${bet.playerId}`, data: event });
        if (accounts.has(bet.walletAccountId)) continue;
        accounts.add(bet.walletAccountId);
        const account = await wallet.accountPublication(executor, bet.playerId, bet.walletAccountId);
        if (account) publications.push(account);
      }
      await realtime.publishMany(executor, publications);
    },
  };
}
