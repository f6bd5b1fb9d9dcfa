import type { SpinRow, SpinsFilterQuery } from "@playfair/contracts/game/spins";
import type { PageMeta } from "@playfair/contracts/pagination";
import type { AppDatabase } from "../../../db/database.ts";
import { listSpins } from "./spins-history.ts";

// `app.services.gameSpins`: the player's spins history across our originals and third-party games.
// It sits beside the play and aggregator sides and reads both, so neither imports the other.

export type SpinsService = {
  list(playerId: string, query: SpinsFilterQuery): Promise<{ data: SpinRow[]; meta: PageMeta }>;
};

export function createSpinsService(dependencies: { db: AppDatabase }): SpinsService {
  return { list: (playerId, query) => listSpins(dependencies.db, playerId, query) };
}
