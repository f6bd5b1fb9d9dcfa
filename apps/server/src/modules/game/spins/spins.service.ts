import { CRASH_GAME_IDENTITY } from "@playfair/contracts/game/crash";
import type { Round, Winner } from "@playfair/contracts/game/play";
import type { SpinRow, SpinsFilterQuery } from "@playfair/contracts/game/spins";
import type { PageMeta } from "@playfair/contracts/pagination";
import type { AppDatabase } from "../../../db/database.ts";
import type { PlayHistory } from "../play/history.ts";
import { crashRecall, recentWinners } from "./recall-and-winners.ts";
import { listSpins } from "./spins-history.ts";

// `app.services.gameSpins`: what a player and visitors read back of every game's rounds: the spins
// history across our originals (crash bets included) and third-party games, game recall and the
// public big wins. It sits beside the play, crash and aggregator sides and reads them all, so none of
// them imports another.

export type SpinsService = {
  list(playerId: string, query: SpinsFilterQuery): Promise<{ data: SpinRow[]; meta: PageMeta }>;
  /** Game recall (P7): the last rounds of one original; crash's are the player's bets. */
  recall(playerId: string, identity: string): Promise<Round[]>;
  winners(): Promise<Winner[]>;
};

export function createSpinsService(dependencies: { db: AppDatabase; originals: Pick<PlayHistory, "recall"> }): SpinsService {
  const { db, originals } = dependencies;
  return {
    list: (playerId, query) => listSpins(db, playerId, query),
    recall: (playerId, identity) => (identity === CRASH_GAME_IDENTITY ? crashRecall(db, playerId) : originals.recall(playerId, identity)),
    winners: () => recentWinners(db),
  };
}
