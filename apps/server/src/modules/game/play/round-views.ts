import type { FairnessRoundSchema, Round } from "@playfair/contracts/game/play";
import type { z } from "zod";
import type { GameRoundRow } from "./game-play.schema.ts";

// The API's views of a round row. An open round never shows what is hidden (the mines' places):
// its outcome is the steps so far.

function iso(date: Date | null): string | null {
  return date ? date.toISOString() : null;
}

export function roundView(row: GameRoundRow): Round {
  return {
    id: row.id,
    sessionId: row.sessionId,
    game: row.gameIdentity,
    fairnessGame: row.game,
    demo: row.demo,
    currency: row.currency,
    status: row.status as Round["status"],
    stake: row.stake,
    payout: row.payout,
    multiplier: row.multiplier,
    params: row.params,
    outcome: row.outcome,
    seeds: { serverSeedHash: row.serverSeedHash, clientSeed: row.clientSeed, nonce: row.nonce, cursor: row.cursor, algorithmVersion: row.algorithmVersion },
    balanceBefore: row.balanceBefore,
    balanceAfter: row.balanceAfter,
    createdAt: row.createdAt.toISOString(),
    settledAt: iso(row.settledAt),
    freespinId: row.freespinId,
  };
}

export function fairnessRoundView(row: GameRoundRow, serverSeed: string | null): z.infer<typeof FairnessRoundSchema> {
  return {
    id: row.id,
    game: row.gameIdentity,
    fairnessGame: row.game,
    status: row.status as Round["status"],
    serverSeedHash: row.serverSeedHash,
    clientSeed: row.clientSeed,
    nonce: row.nonce,
    cursor: row.cursor,
    algorithmVersion: row.algorithmVersion,
    serverSeed,
    params: row.params,
    outcome: row.outcome,
    currency: row.currency,
    stake: row.stake,
    payout: row.payout,
    multiplier: row.multiplier,
    settledAt: iso(row.settledAt),
  };
}

/** A nickname as the public winners list shows it: the first two characters. */
export function maskedName(nickname: string | null): string {
  if (!nickname) return "Anonymous";
  return `${[...nickname].slice(0, 2).join("")}***`;
}
