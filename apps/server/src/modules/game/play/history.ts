import { and, desc, eq, inArray } from "drizzle-orm";
import { RECALL_SIZE, type Round } from "@playfair/contracts/game/play";
import type { FairnessRoundSchema } from "@playfair/contracts/game/play";
import type { z } from "zod";
import type { AppDatabase } from "../../../db/database.ts";
import { notFound } from "../../../lib/app-error.ts";
import { gameRounds, gameSeeds } from "./game-play.schema.ts";
import { fairnessRoundView, roundView } from "./round-views.ts";

// What players and visitors read back of the originals' own rounds: game recall (P7) and a settled
// round's F3 record for the verifier. The spins history, recall of crash bets and the public big wins,
// which also read crash and third-party rounds, are `game/spins`.

export type PlayHistory = {
  recall(playerId: string, identity: string): Promise<Round[]>;
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
