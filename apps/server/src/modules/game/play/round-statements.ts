// The statements of a round's row that every round sends, each under one name (ADR 039).
//
// Opening: the row and its Idempotency-Key before anything else (L4). A paid real-money round
// opens with one statement for what were four round trips: the round's insert, its seed's nonce
// (F1), the stake gate (the player row's lock, the exclusions, "any bet or loss limit, any
// jurisdiction profile?", P3) and the account's active bonus (locked; ADR 034). All but the insert
// are guarded by it: a key already used inserts nothing, so its replay takes no nonce and no lock,
// exactly as when they were statements of their own after the insert.
//
// Ending: the settling update's text depends on the columns it writes (a void, a single-step
// round's seeds, mines' final params), so it is named by that set of columns.
import { and, eq, getTableColumns, isNull, sql, type SQL } from "drizzle-orm";
import type { SeedGame } from "@playfair/contracts/game/play";
import { ALGORITHM_VERSION } from "@playfair/fairness";
import type { DbExecutor } from "../../../db/database.ts";
import type { LimitsService, StakeGateRow } from "../../limits/limits.service.ts";
import type { PlayerBonusRow } from "../../bonus/bonus-lifecycle.ts";
import { playerBonuses } from "../../bonus/bonus.schema.ts";
import type { StakeWagering } from "../../bonus/bonus-wagering.ts";
import { gameRounds, gameSeeds, type GameRoundRow, type GameSeedRow, type GameSessionRow } from "./game-play.schema.ts";
import type { OriginalGame } from "./originals.ts";

export type NewRoundRow = typeof gameRounds.$inferInsert;

export type OpenedRound = {
  /** The new round; undefined when its Idempotency-Key was already used in the session (a replay). */
  row: GameRoundRow | undefined;
  /** The active seed with the round's nonce taken (`nonce`: the round's); null when the player has none yet. */
  seed: GameSeedRow | null;
  /** What the stake gate selected, the player row locked since; null when it was not read. */
  gate: StakeGateRow | null;
  /** The account's active bonus, locked since (null: none); undefined when it was not read. */
  activeBonus?: PlayerBonusRow | null;
};

const ROUND_KEY = { target: [gameRounds.sessionId, gameRounds.idempotencyKey] };

/** A new round's row, open: the session's, the game's and the request's; the seeds are written once they are taken. */
export function newRoundRow(
  session: GameSessionRow,
  game: OriginalGame,
  request: { id: string; params: Record<string, unknown>; amount: string; idempotencyKey: string | null; fingerprint: string; freespinId: string | null; createdAt: Date },
): NewRoundRow {
  return {
    id: request.id,
    sessionId: session.id,
    playerId: session.playerId,
    gameIdentity: game.identity,
    game: game.fairnessGame,
    demo: session.demo,
    multiStep: game.multiStep,
    currency: session.currency,
    walletAccountId: session.walletAccountId,
    serverSeedHash: "",
    clientSeed: "",
    nonce: 0,
    algorithmVersion: ALGORITHM_VERSION,
    params: request.params,
    stake: request.amount,
    status: "open",
    balanceBefore: "0",
    idempotencyKey: request.idempotencyKey,
    requestFingerprint: request.idempotencyKey ? request.fingerprint : null,
    freespinId: request.freespinId,
    createdAt: request.createdAt,
  };
}

/** The round's row alone (a demo round, a free spin); undefined when its key was already used. */
export async function insertRound(executor: DbExecutor, values: NewRoundRow): Promise<GameRoundRow | undefined> {
  const [row] = await executor.insert(gameRounds).values(values).onConflictDoNothing(ROUND_KEY).returning().prepare("game_round_insert").execute();
  return row;
}

/** A paid real-money round's row, its nonce and its stake gate in one statement. */
export async function openPaidRound(
  executor: DbExecutor,
  values: NewRoundRow & { playerId: string },
  stake: {
    seedGame: SeedGame;
    visitorCountry: string | null;
    stakeGateQuery: LimitsService["stakeGateQuery"];
    /** Bonus money in stakes (ADR 034): the account's active bonus is locked and read with the rest. */
    activeBonusQuery?: StakeWagering["activeBonusQuery"];
  },
): Promise<OpenedRound> {
  const inserted = executor.$with("inserted_round").as(executor.insert(gameRounds).values(values).onConflictDoNothing(ROUND_KEY).returning());
  const insertedRow = sql`exists (select 1 from inserted_round)`;
  const takenSeed = executor.$with("taken_seed").as(
    executor
      .update(gameSeeds)
      .set({ nonce: sql`${gameSeeds.nonce} + 1` })
      .where(and(eq(gameSeeds.playerId, values.playerId), eq(gameSeeds.game, stake.seedGame), isNull(gameSeeds.revealedAt), insertedRow))
      .returning(),
  );
  const gate = executor.$with("stake_gate").as(stake.stakeGateQuery({ playerId: values.playerId, currency: values.currency, visitorCountry: stake.visitorCountry }, insertedRow));
  const opened = { row: fieldsOf(inserted, getTableColumns(gameRounds)), seed: fieldsOf(takenSeed, getTableColumns(gameSeeds)), gate: fieldsOf(gate, gate._.selectedFields) };
  // The joins' order is the locks' order, as when these were statements of their own: the seed, the
  // player row, then the bonus row (the plan joins left to right).
  let selected: { row: unknown; seed: unknown; gate: unknown; activeBonus?: unknown } | undefined;
  if (stake.activeBonusQuery && values.walletAccountId) {
    const activeBonus = executor.$with("active_bonus").as(stake.activeBonusQuery(executor, values.walletAccountId, insertedRow));
    [selected] = await executor
      .with(inserted, takenSeed, gate, activeBonus)
      .select({ ...opened, activeBonus: fieldsOf(activeBonus, getTableColumns(playerBonuses)) })
      .from(inserted)
      .leftJoin(takenSeed, sql`true`)
      .leftJoin(gate, sql`true`)
      .leftJoin(activeBonus, sql`true`)
      .prepare("game_round_open_wagering")
      .execute();
  } else {
    [selected] = await executor.with(inserted, takenSeed, gate).select(opened).from(inserted).leftJoin(takenSeed, sql`true`).leftJoin(gate, sql`true`).prepare("game_round_open").execute();
  }
  if (!selected) return { row: undefined, seed: null, gate: null };
  const seed = selected.seed as GameSeedRow | null;
  return {
    row: selected.row as GameRoundRow,
    seed: seed ? { ...seed, nonce: seed.nonce - 1 } : null,
    gate: (selected.gate as StakeGateRow | null) ?? null,
    ...("activeBonus" in selected ? { activeBonus: (selected.activeBonus as PlayerBonusRow | null) ?? null } : {}),
  };
}

/** A common table expression's columns under the field names of what it selects, so its rows map as those would. */
function fieldsOf(expression: object, fields: object): Record<string, SQL.Aliased> {
  return Object.fromEntries(Object.keys(fields).map((field) => [field, (expression as Record<string, SQL.Aliased>)[field]!]));
}

// One name per set of columns, the same in every service of the process: names belong to the pool's connections.
const endStatementNames = new Map<string, string>();

/** The settling update's statement name for the columns it writes. */
export function endStatementName(columns: Record<string, unknown>): string {
  const signature = Object.keys(columns)
    .filter((column) => columns[column] !== undefined)
    .join(",");
  let name = endStatementNames.get(signature);
  if (!name) {
    name = `game_round_end_${endStatementNames.size + 1}`;
    endStatementNames.set(signature, name);
  }
  return name;
}
