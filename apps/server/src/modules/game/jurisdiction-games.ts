import { and, desc, eq, ne } from "drizzle-orm";
import type { DbExecutor } from "../../db/database.ts";
import type { StakeGame } from "../limits/limits.service.ts";
import { gameAggregatorRounds } from "./aggregator/aggregator.schema.ts";
import { games } from "./catalogue/catalogue.schema.ts";
import { gameRounds } from "./play/game-play.schema.ts";

// What the jurisdiction check (P11, limits/jurisdiction.ts) needs to know of a game: its catalogue
// categories and when the player's previous round of it started. Read from the stored rows, in the
// stake's transaction, so several processes agree without shared memory.

/** The categories of a catalogue game, by our identity or by the aggregator's game code. */
export async function gameCategories(executor: DbExecutor, where: { identity: string } | { aggregatorCode: string }): Promise<string[]> {
  const [row] = await executor
    .select({ categories: games.categories })
    .from(games)
    .where("identity" in where ? eq(games.identity, where.identity) : eq(games.aggregatorCode, where.aggregatorCode))
    .limit(1);
  return row?.categories ?? [];
}

/** The jurisdiction part of a new real-money round of one of our originals (its facts read only when a profile applies). */
export function originalRoundRules(round: { playerId: string; game: string; roundId: string; visitorCountry: string | null }): StakeGame {
  return {
    visitorCountry: round.visitorCountry,
    async facts(executor) {
      const [previous] = await executor
        .select({ createdAt: gameRounds.createdAt })
        .from(gameRounds)
        .where(and(eq(gameRounds.playerId, round.playerId), eq(gameRounds.gameIdentity, round.game), eq(gameRounds.demo, false), ne(gameRounds.id, round.roundId)))
        .orderBy(desc(gameRounds.createdAt))
        .limit(1);
      return { categories: await gameCategories(executor, { identity: round.game }), previousRoundAt: previous?.createdAt ?? null };
    },
  };
}

/**
 * The jurisdiction part of a bet of a third-party game. The aggregator calls, not the player, so
 * the visitor country is the one recorded on the session when the player launched it.
 * `opensRound`: only a bet opening a new round is held to the cycle time.
 */
export function aggregatorRoundRules(bet: { playerId: string; provider: string; gameCode: string; opensRound: boolean; visitorCountry: string | null }): StakeGame {
  return {
    visitorCountry: bet.visitorCountry,
    async facts(executor) {
      const categories = await gameCategories(executor, { aggregatorCode: bet.gameCode });
      if (!bet.opensRound) return { categories, previousRoundAt: null };
      const [previous] = await executor
        .select({ openedAt: gameAggregatorRounds.openedAt })
        .from(gameAggregatorRounds)
        .where(and(eq(gameAggregatorRounds.playerId, bet.playerId), eq(gameAggregatorRounds.provider, bet.provider), eq(gameAggregatorRounds.gameCode, bet.gameCode)))
        .orderBy(desc(gameAggregatorRounds.openedAt))
        .limit(1);
      return { categories, previousRoundAt: previous?.openedAt ?? null };
    },
  };
}
