import { and, desc, eq, inArray } from "drizzle-orm";
import { RECALL_SIZE, WINNERS_LIST_SIZE, type Round, type Winner } from "@playfair/contracts/game/play";
import type { FairnessRoundSchema } from "@playfair/contracts/game/play";
import type { z } from "zod";
import type { AppDatabase } from "../../../db/database.ts";
import { notFound } from "../../../lib/app-error.ts";
import { players } from "../../player/player.schema.ts";
import { gameRounds, gameSeeds } from "./game-play.schema.ts";
import { fairnessRoundView, maskedName, roundView } from "./round-views.ts";

// What players and visitors read back: game recall (P7), the public big wins, and a settled
// round's F3 record for the verifier. The spins history, which also lists third-party rounds, is
// `game/spins`.

export type PlayHistory = {
  recall(playerId: string, identity: string): Promise<Round[]>;
  winners(): Promise<Winner[]>;
  fairnessRound(roundId: string): Promise<z.infer<typeof FairnessRoundSchema>>;
};

export function createPlayHistory(dependencies: { db: AppDatabase }): PlayHistory {
  const { db } = dependencies;
  const realRoundsOf = (playerId: string) => and(eq(gameRounds.playerId, playerId), eq(gameRounds.demo, false));

  return {
    async recall(playerId, identity) {
      const rows = await db
        .select()
        .from(gameRounds)
        .where(and(realRoundsOf(playerId), eq(gameRounds.gameIdentity, identity)))
        .orderBy(desc(gameRounds.createdAt), desc(gameRounds.id))
        .limit(RECALL_SIZE);
      return rows.map(roundView);
    },

    async winners() {
      const rows = await db
        .select({ round: gameRounds, nickname: players.nickname })
        .from(gameRounds)
        .innerJoin(players, eq(players.id, gameRounds.playerId))
        .where(eq(gameRounds.isBigWin, true))
        .orderBy(desc(gameRounds.settledAt))
        .limit(WINNERS_LIST_SIZE);
      return rows.map(({ round, nickname }) => ({
        roundId: round.id,
        game: round.gameIdentity,
        player: maskedName(nickname),
        currency: round.currency,
        stake: round.stake,
        payout: round.payout ?? "0",
        multiplier: round.multiplier ?? "0",
        settledAt: (round.settledAt ?? round.createdAt).toISOString(),
      }));
    },

    async fairnessRound(roundId) {
      const [row] = await db
        .select({ round: gameRounds, serverSeed: gameSeeds.serverSeed, revealedAt: gameSeeds.revealedAt })
        .from(gameRounds)
        .innerJoin(gameSeeds, eq(gameSeeds.id, gameRounds.seedId))
        .where(and(eq(gameRounds.id, roundId), eq(gameRounds.demo, false), inArray(gameRounds.status, ["settled", "voided"])));
      // Open rounds and demo rounds are not public: an open round's record would help predict it.
      if (!row) throw notFound("This round does not exist or is still in play.");
      return fairnessRoundView(row.round, row.revealedAt ? row.serverSeed : null);
    },
  };
}
