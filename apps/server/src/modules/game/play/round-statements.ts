// The statements of a round's row that every round sends, each under one name (ADR 039). Their
// texts are built once per process (per variant) from Drizzle's builders with placeholders as
// inputs; a round fills in the values and reads the rows with readers made at the same time, so
// no query is built on the request path.
//
// Opening: the row and its Idempotency-Key before anything else (L4). A paid real-money round
// opens with one statement for what were four round trips: the round's insert, its seed's nonce
// (F1), the stake gate (the player row's lock, the exclusions, "any bet or loss limit, any
// jurisdiction profile?", P3) and the account's active bonus (locked; ADR 034). All but the insert
// are guarded by it: a key already used inserts nothing, so its replay takes no nonce and no lock,
// exactly as when they were statements of their own after the insert. Two texts: with and without
// the bonus's lock.
//
// Ending: the settling update's text depends on the columns it writes (a void, a single-step
// round's seeds, mines' final params), so there is one text, and one name, per set of columns.
import { and, eq, getTableColumns, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { SeedGame } from "@playfair/contracts/game/play";
import { ALGORITHM_VERSION } from "@playfair/fairness";
import type { DbExecutor } from "../../../db/database.ts";
import { columnPlaceholder, executeFixedStatement, fixedStatementOf, placeholdersOf, type FixedStatement } from "../../../db/sql-rows.ts";
import type { LimitsService, StakeGateRow } from "../../limits/limits.service.ts";
import type { PlayerBonusRow } from "../../bonus/bonus-lifecycle.ts";
import { playerBonuses } from "../../bonus/bonus.schema.ts";
import type { StakeWagering } from "../../bonus/bonus-wagering.ts";
import type { AccountSnapshot } from "../../wallet/wallet.service.ts";
import { gameRounds, gameSeeds, type GameRoundRow, type GameSeedRow, type GameSessionRow } from "./game-play.schema.ts";
import type { OriginalGame } from "./originals.ts";

// The columns a new round's row is inserted with; the others take their defaults or are written later.
const OPENING_COLUMNS = [
  "id",
  "sessionId",
  "playerId",
  "gameIdentity",
  "game",
  "demo",
  "multiStep",
  "currency",
  "walletAccountId",
  "serverSeedHash",
  "clientSeed",
  "nonce",
  "algorithmVersion",
  "params",
  "stake",
  "status",
  "balanceBefore",
  "idempotencyKey",
  "requestFingerprint",
  "freespinId",
  "createdAt",
] as const satisfies readonly (keyof typeof gameRounds.$inferInsert)[];

/** A new round's row: every column it is inserted with, so each opening statement has one text. */
export type NewRoundRow = { [Column in (typeof OPENING_COLUMNS)[number]]-?: Exclude<(typeof gameRounds.$inferInsert)[Column], undefined> };

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

type PaidRoundStake = {
  seedGame: SeedGame;
  visitorCountry: string | null;
  stakeGateQuery: LimitsService["stakeGateQuery"];
  /** Bonus money in stakes (ADR 034): the account's active bonus is locked and read with the rest. */
  activeBonusQuery?: StakeWagering["activeBonusQuery"];
};

type OpeningValues = NewRoundRow & { seedGame: SeedGame; visitorCountry: string | null };
type OpeningRow = { row: GameRoundRow; seed: GameSeedRow | null; gate: StakeGateRow | null; activeBonus?: PlayerBonusRow | null };
type OpeningVariant = "game_round_open" | "game_round_open_wagering";

const openingStatements = new Map<OpeningVariant, FixedStatement<OpeningValues, OpeningRow>>();

/**
 * The opening statement of `variant`, built on its first use. Its parts are the limits' and the
 * bonus's one definitions of the gate and the lock, the same functions in every service of the
 * process: the text built from them once is the text every round would build.
 */
function openingStatementOf(executor: DbExecutor, variant: OpeningVariant, stake: PaidRoundStake): FixedStatement<OpeningValues, OpeningRow> {
  const built = openingStatements.get(variant);
  if (built) return built;
  const input = placeholdersOf([...OPENING_COLUMNS, "seedGame", "visitorCountry"]);
  const { seedGame, visitorCountry, ...roundValues } = input;
  const inserted = executor.$with("inserted_round").as(executor.insert(gameRounds).values(roundValues).onConflictDoNothing(ROUND_KEY).returning());
  const insertedRow = sql`exists (select 1 from inserted_round)`;
  const takenSeed = executor.$with("taken_seed").as(
    executor
      .update(gameSeeds)
      .set({ nonce: sql`${gameSeeds.nonce} + 1` })
      .where(and(eq(gameSeeds.playerId, input.playerId), eq(gameSeeds.game, seedGame), isNull(gameSeeds.revealedAt), insertedRow))
      .returning(),
  );
  const gate = executor.$with("stake_gate").as(stake.stakeGateQuery({ playerId: input.playerId, currency: input.currency, visitorCountry }, insertedRow));
  const opened = { row: fieldsOf(inserted, getTableColumns(gameRounds)), seed: fieldsOf(takenSeed, getTableColumns(gameSeeds)), gate: fieldsOf(gate, gate._.selectedFields) };
  // The joins' order is the locks' order, as when these were statements of their own: the seed, the
  // player row, then the bonus row (the plan joins left to right).
  let statement: FixedStatement<OpeningValues, OpeningRow>;
  if (variant === "game_round_open_wagering" && stake.activeBonusQuery) {
    const activeBonus = executor.$with("active_bonus").as(stake.activeBonusQuery(executor, input.walletAccountId, insertedRow));
    const fields = { ...opened, activeBonus: fieldsOf(activeBonus, getTableColumns(playerBonuses)) };
    const query = executor
      .with(inserted, takenSeed, gate, activeBonus)
      .select(fields)
      .from(inserted)
      .leftJoin(takenSeed, sql`true`)
      .leftJoin(gate, sql`true`)
      .leftJoin(activeBonus, sql`true`);
    statement = fixedStatementOf(variant, query, fields, ["seed", "gate", "activeBonus"]);
  } else {
    const query = executor.with(inserted, takenSeed, gate).select(opened).from(inserted).leftJoin(takenSeed, sql`true`).leftJoin(gate, sql`true`);
    statement = fixedStatementOf("game_round_open", query, opened, ["seed", "gate"]);
  }
  openingStatements.set(variant, statement);
  return statement;
}

/** A paid real-money round's row, its nonce and its stake gate in one statement. */
export async function openPaidRound(executor: DbExecutor, values: NewRoundRow & { playerId: string }, stake: PaidRoundStake): Promise<OpenedRound> {
  const variant: OpeningVariant = stake.activeBonusQuery && values.walletAccountId ? "game_round_open_wagering" : "game_round_open";
  const statement = openingStatementOf(executor, variant, stake);
  const [selected] = await executeFixedStatement(executor, statement, { ...values, seedGame: stake.seedGame, visitorCountry: stake.visitorCountry });
  if (!selected) return { row: undefined, seed: null, gate: null };
  return {
    row: selected.row,
    seed: selected.seed ? { ...selected.seed, nonce: selected.seed.nonce - 1 } : null,
    gate: selected.gate,
    ...(variant === "game_round_open_wagering" ? { activeBonus: selected.activeBonus ?? null } : {}),
  };
}

/** A common table expression's columns under the field names of what it selects, so its rows map as those would. */
function fieldsOf(expression: object, fields: object): Record<string, SQL.Aliased> {
  return Object.fromEntries(Object.keys(fields).map((field) => [field, (expression as Record<string, SQL.Aliased>)[field]!]));
}

/** The account's ids the settling update reads its snapshot by: values, or a fixed text's placeholders. */
export type AccountIds<Id> = { playerId: Id; walletAccountId: Id };

type EndValues = Partial<GameRoundRow> & { "round.id": string; "account.playerId": string | null; "account.walletAccountId": string | null };
type EndedRow = GameRoundRow & { account: AccountSnapshot | null };

// One text and one name per set of written columns, the same in every service of the process: names belong to the pool's connections.
const endStatements = new Map<string, FixedStatement<EndValues, EndedRow>>();

function endStatementOf(executor: DbExecutor, columns: Partial<GameRoundRow>, accountColumn: (ids: AccountIds<Placeholder>) => SQL<AccountSnapshot | null>): FixedStatement<EndValues, EndedRow> {
  const signature = Object.keys(columns)
    .filter((column) => columns[column as keyof GameRoundRow] !== undefined)
    .join(",");
  const built = endStatements.get(signature);
  if (built) return built;
  const set = Object.fromEntries(
    Object.entries(getTableColumns(gameRounds))
      .filter(([key]) => columns[key as keyof GameRoundRow] !== undefined)
      .map(([key, column]) => [key, columnPlaceholder(key, column)]),
  );
  const fields = { ...getTableColumns(gameRounds), account: accountColumn({ playerId: sql.placeholder("account.playerId"), walletAccountId: sql.placeholder("account.walletAccountId") }) };
  const query = executor
    .update(gameRounds)
    .set(set)
    .where(and(eq(gameRounds.id, sql.placeholder("round.id")), eq(gameRounds.status, "open")))
    .returning(fields);
  const statement = fixedStatementOf<EndValues, EndedRow>(`game_round_end_${endStatements.size + 1}`, query, fields);
  endStatements.set(signature, statement);
  return statement;
}

/**
 * The settling update: writes `columns` to the open round `roundId` and returns the row with the
 * account's snapshot (`accountColumn`, read by `account`'s ids). Undefined when the round was not open.
 */
export async function endRound(
  executor: DbExecutor,
  roundId: string,
  columns: Partial<GameRoundRow>,
  account: { ids: AccountIds<string | null>; column: (ids: AccountIds<Placeholder>) => SQL<AccountSnapshot | null> },
): Promise<EndedRow | undefined> {
  const statement = endStatementOf(executor, columns, account.column);
  const [ended] = await executeFixedStatement(executor, statement, { ...columns, "round.id": roundId, "account.playerId": account.ids.playerId, "account.walletAccountId": account.ids.walletAccountId });
  return ended;
}
