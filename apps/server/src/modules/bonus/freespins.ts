import { and, eq, inArray, lte, sql } from "drizzle-orm";
import { PLAYER_FREESPIN_RESULT, PLAYER_FREESPIN_STATUS } from "@playfair/contracts/bonus/bonus-constants";
import { BONUS_CHANNELS, BONUS_EVENTS, type BonusSource } from "@playfair/contracts/bonus/bonus-constants";
import type { PlayerFreespin } from "@playfair/contracts/bonus/player-bonuses";
import { isZero, roundAmount } from "@playfair/contracts/money";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { AppError, notFound } from "../../lib/app-error.ts";
import { withLedgerRetry } from "../ledger/ledger.service.ts";
import { players } from "../player/player.schema.ts";
import { restrictionOf } from "../player/restriction.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import type { WalletService } from "../wallet/wallet.service.ts";
import type { BonusLifecycle, BonusTemplateRow, IneligibleReason } from "./bonus-lifecycle.ts";
import { bonusTemplates, playerFreespins } from "./bonus.schema.ts";
import { localized } from "./player-bonus-views.ts";

// Free spins (spec 3 Free spin, 4, 7): spins on one game at a fixed stake the player does not pay.
// issued -> active -> finished. Each spin is taken by a guarded `used = used + 1 where used < count`
// in the round's own transaction, so concurrent spins never exceed the count; what the spins win
// accumulates in `winnings` (held in the bonus budget, freespin-ledger.ts) and, once every spin is
// settled or the free spins end early, becomes a player bonus with the template's wagering.

export type PlayerFreespinRow = typeof playerFreespins.$inferSelect;

/** A game a free spin can be played on, as the game side knows it. */
export type FreespinGame = { identity: string; name: string };

/**
 * What the bonus domain needs of the casino's games (the game domain sits above this one and
 * supplies it through the composition root). Both read with the caller's executor.
 */
export type FreespinGames = {
  /** The first of `identities` (in order) a player can play in `currency` on `device`; null: none. */
  pick(executor: DbExecutor, identities: string[], currency: string, device?: string): Promise<FreespinGame | null>;
  /** The games' names in `locale` (their default name where none is translated). */
  names(executor: DbExecutor, identities: string[], locale: string): Promise<Map<string, string>>;
};

export type FreespinIssueRequest = {
  playerId: string;
  template: BonusTemplateRow;
  currency: string;
  source: BonusSource;
  packageId?: string | null;
  issueSessionId?: string | null;
  /** Activate at once (free spins the player chose: a code, a deposit offer). */
  activate?: boolean;
  /** The platform the player is on, when known: a game that does not run there is skipped. */
  device?: string;
};

/** A spin to take: whose, on which game, in which currency. */
export type FreespinSpin = { playerId: string; freespinId: string; gameIdentity: string; currency: string };

/** What a game page can offer: the player's active free spin on that game. */
export type FreespinOffer = { id: string; remaining: number; spinValue: string };

const DAY_MS = 86_400_000;

export type Freespins = ReturnType<typeof createFreespins>;

export function createFreespins(dependencies: {
  db: AppDatabase;
  lifecycle: Pick<BonusLifecycle, "ineligibility" | "issue">;
  realtime: Pick<RealtimePublisher, "publish">;
  wallet: Pick<WalletService, "accountFor">;
  games: FreespinGames;
  knownPrecision(currency: string): string;
  now: () => Date;
}) {
  const { db, lifecycle, realtime, wallet, games, knownPrecision, now } = dependencies;

  async function view(executor: DbExecutor, row: PlayerFreespinRow, locale = "en"): Promise<PlayerFreespin> {
    const [template] = await executor.select({ title: bonusTemplates.title }).from(bonusTemplates).where(eq(bonusTemplates.id, row.templateId));
    const names = await games.names(executor, [row.gameIdentity], locale);
    const money = (amount: string) => roundAmount(amount, knownPrecision(row.currency), "floor");
    return {
      id: row.id,
      status: row.status,
      result: row.result,
      count: row.count,
      remaining: row.count - row.used,
      currency: row.currency,
      gameId: row.gameIdentity,
      gameName: names.get(row.gameIdentity) ?? row.gameIdentity,
      spinValue: money(row.spinValue),
      winnings: money(row.winnings),
      packageId: row.packageId,
      issueSessionId: row.issueSessionId,
      title: template ? localized(template.title, locale) : "",
      terms: row.terms,
      issuedAt: row.issuedAt.toISOString(),
      activatedAt: row.activatedAt?.toISOString() ?? null,
      expiresAt: row.expiresAt.toISOString(),
      finishedAt: row.finishedAt?.toISOString() ?? null,
    };
  }

  /** `playerFreespin` on `bonus:player-freespins#{playerId}`, in the change's transaction (the outbox). */
  async function publish(executor: DbExecutor, row: PlayerFreespinRow): Promise<void> {
    await realtime.publish(executor, `${BONUS_CHANNELS.playerFreespins}#${row.playerId}`, { event: BONUS_EVENTS.playerFreespin, playerFreespin: await view(executor, row) });
  }

  async function lockFreespin(executor: DbExecutor, playerId: string, id: string): Promise<PlayerFreespinRow> {
    const [row] = await executor
      .select()
      .from(playerFreespins)
      .where(and(eq(playerFreespins.id, id), eq(playerFreespins.playerId, playerId)))
      .for("update");
    if (!row) throw notFound("These free spins do not exist.");
    return row;
  }

  /**
   * Ends free spins with `result`. Whatever the played spins won becomes a player bonus (source
   * `freespins`, the template's terms, activated when no other bonus is active); nothing won, no bonus.
   */
  async function finish(executor: DbExecutor, row: PlayerFreespinRow, result: number): Promise<PlayerFreespinRow> {
    const [finished] = await executor
      .update(playerFreespins)
      .set({ status: PLAYER_FREESPIN_STATUS.finished, result, finishedAt: now() })
      .where(and(eq(playerFreespins.id, row.id), inArray(playerFreespins.status, [PLAYER_FREESPIN_STATUS.issued, PLAYER_FREESPIN_STATUS.active])))
      .returning();
    if (!finished) return row;
    await issueWinnings(executor, finished, finished.winnings);
    await publish(executor, finished);
    return finished;
  }

  /** `amount` won by free spins as a player bonus under the template's terms; nothing for zero. */
  async function issueWinnings(executor: DbExecutor, row: PlayerFreespinRow, amount: string): Promise<void> {
    const winnings = roundAmount(amount, knownPrecision(row.currency), "floor");
    if (isZero(winnings)) return;
    const [template] = await executor.select().from(bonusTemplates).where(eq(bonusTemplates.id, row.templateId));
    await lifecycle.issue(executor, {
      playerId: row.playerId,
      template: template!,
      currency: row.currency,
      source: "freespins",
      amount: winnings,
      freespinId: row.id,
      ...(row.packageId ? { packageId: row.packageId } : {}),
      issueSessionId: row.issueSessionId,
      activate: true,
    });
  }

  /** Issued -> active: the play period starts (`terms.wageringDays`). */
  async function activateRow(executor: DbExecutor, row: PlayerFreespinRow): Promise<PlayerFreespinRow> {
    const at = now();
    if (row.status !== PLAYER_FREESPIN_STATUS.issued) throw new AppError("CONFLICT", "These free spins are not waiting for activation.", { reason: "freespinNotIssued" });
    if (row.expiresAt <= at) throw new AppError("CONFLICT", "These free spins have expired.", { reason: "freespinExpired" });
    const [active] = await executor
      .update(playerFreespins)
      .set({ status: PLAYER_FREESPIN_STATUS.active, activatedAt: at, expiresAt: new Date(at.getTime() + row.terms.wageringDays * DAY_MS) })
      .where(eq(playerFreespins.id, row.id))
      .returning();
    await publish(executor, active!);
    return active!;
  }

  return {
    view,
    publish,

    /**
     * Gives a free-spins template to the player (or refuses with the reason): the count, the spin
     * value in `currency` and the first of the template's games playable in that currency.
     * Call in the transaction that earned it.
     */
    async issue(executor: DbExecutor, request: FreespinIssueRequest): Promise<{ freespin: PlayerFreespinRow } | { refused: IneligibleReason }> {
      const reward = request.template.reward;
      if (reward.kind !== "freespins") throw new Error(`template ${request.template.code} does not give free spins`);
      const refused = await lifecycle.ineligibility(executor, request.playerId, request.template, request.currency);
      if (refused) return { refused };
      const spinValue = reward.spinValue[request.currency];
      const account = await wallet.accountFor(executor, request.playerId, { currency: request.currency });
      const game = await games.pick(executor, reward.gameIds, request.currency, request.device);
      if (!spinValue || !account || !game) return { refused: "currency" };
      const at = now();
      const [row] = await executor
        .insert(playerFreespins)
        .values({
          playerId: request.playerId,
          walletAccountId: account.id,
          currency: request.currency,
          templateId: request.template.id,
          packageId: request.packageId ?? null,
          source: request.source,
          gameIdentity: game.identity,
          count: reward.count,
          spinValue,
          terms: request.template.terms,
          issueSessionId: request.issueSessionId ?? null,
          issuedAt: at,
          expiresAt: new Date(at.getTime() + request.template.terms.activationDays * DAY_MS),
        })
        .returning();
      if (request.activate) return { freespin: await activateRow(executor, row!) };
      await publish(executor, row!);
      return { freespin: row! };
    },

    /** PUT /api/game/player-freespins/{id}/activate. */
    async activate(playerId: string, id: string, locale: string): Promise<PlayerFreespin> {
      return withLedgerRetry(() => db.transaction(async (tx) => view(tx, await activateRow(tx, await lockFreespin(tx, playerId, id)), locale)));
    },

    /** PUT /api/game/player-freespins/{id}/cancel: what the played spins won still becomes a bonus. */
    async cancel(playerId: string, id: string, locale: string): Promise<PlayerFreespin> {
      return withLedgerRetry(() =>
        db.transaction(async (tx) => {
          const row = await lockFreespin(tx, playerId, id);
          if (row.status === PLAYER_FREESPIN_STATUS.finished) throw new AppError("CONFLICT", "These free spins have already finished.", { reason: "freespinFinished" });
          return view(tx, await finish(tx, row, PLAYER_FREESPIN_RESULT.canceled), locale);
        }),
      );
    },

    /** GET /api/game/player-freespins?status=1,2: newest first, titles in `locale`. */
    async list(playerId: string, statuses: number[], locale: string): Promise<PlayerFreespin[]> {
      const rows = await db
        .select()
        .from(playerFreespins)
        .where(and(eq(playerFreespins.playerId, playerId), inArray(playerFreespins.status, statuses)))
        .orderBy(sql`${playerFreespins.issuedAt} desc`);
      const views: PlayerFreespin[] = [];
      for (const row of rows) views.push(await view(db, row, locale));
      return views;
    },

    /** The player's active free spin on a game in a currency, with spins left (the launch answer). */
    async offerFor(executor: DbExecutor, playerId: string, gameIdentity: string, currency: string): Promise<FreespinOffer | null> {
      const [row] = await executor
        .select()
        .from(playerFreespins)
        .where(
          and(
            eq(playerFreespins.playerId, playerId),
            eq(playerFreespins.gameIdentity, gameIdentity),
            eq(playerFreespins.currency, currency),
            eq(playerFreespins.status, PLAYER_FREESPIN_STATUS.active),
            sql`${playerFreespins.used} < ${playerFreespins.count}`,
            sql`${playerFreespins.expiresAt} > ${now()}`,
          ),
        )
        .orderBy(playerFreespins.expiresAt)
        .limit(1);
      if (!row) return null;
      return { id: row.id, remaining: row.count - row.used, spinValue: roundAmount(row.spinValue, knownPrecision(row.currency), "floor") };
    },

    /**
     * Takes one spin in the round's transaction: the free spin must be the player's, active, on
     * this game and currency, unexpired, with a spin left. The guarded update is the count's only
     * writer, so concurrent spins never take more than `count`. Answers the row after the take.
     */
    async takeSpin(executor: DbExecutor, spin: FreespinSpin): Promise<PlayerFreespinRow> {
      const at = now();
      const [player] = await executor
        .select({ status: players.status, selfExcludedUntil: players.selfExcludedUntil, coolingOffUntil: players.coolingOffUntil })
        .from(players)
        .where(eq(players.id, spin.playerId));
      if (!player || restrictionOf(player, at)) throw new AppError("RESTRICTED_MODE", "Play is paused on this account.");
      const [taken] = await executor
        .update(playerFreespins)
        .set({ used: sql`${playerFreespins.used} + 1` })
        .where(
          and(
            eq(playerFreespins.id, spin.freespinId),
            eq(playerFreespins.playerId, spin.playerId),
            eq(playerFreespins.gameIdentity, spin.gameIdentity),
            eq(playerFreespins.currency, spin.currency),
            eq(playerFreespins.status, PLAYER_FREESPIN_STATUS.active),
            sql`${playerFreespins.used} < ${playerFreespins.count}`,
            sql`${playerFreespins.expiresAt} > ${at}`,
          ),
        )
        .returning();
      if (taken) return taken;
      // Why not: the same checks one by one, for an answer the player can act on.
      const [row] = await executor.select().from(playerFreespins).where(and(eq(playerFreespins.id, spin.freespinId), eq(playerFreespins.playerId, spin.playerId)));
      if (!row) throw notFound("These free spins do not exist.");
      if (row.gameIdentity !== spin.gameIdentity || row.currency !== spin.currency) {
        throw new AppError("VALIDATION_FAILED", "These free spins are for another game.", { fieldErrors: { freespinId: ["These free spins are for another game."] }, reason: "freespinOtherGame" });
      }
      if (row.status !== PLAYER_FREESPIN_STATUS.active) throw new AppError("CONFLICT", "These free spins are not active.", { reason: "freespinNotActive" });
      if (row.expiresAt <= at) throw new AppError("CONFLICT", "These free spins have expired.", { reason: "freespinExpired" });
      throw new AppError("CONFLICT", "No free spins are left.", { reason: "freespinUsedUp" });
    },

    /**
     * Adds what a taken spin won to the winnings and, when its round is over (`closes`, the
     * default), counts it settled; the last settled spin finishes the free spins played (and issues
     * the winnings bonus). A win arriving after the free spins ended (a studio round still open at
     * expiry) becomes a bonus of its own. Publishes the change.
     */
    async settleSpin(executor: DbExecutor, freespinId: string, won: string, options: { closes?: boolean } = {}): Promise<PlayerFreespinRow> {
      const closes = options.closes ?? true;
      const [row] = await executor
        .update(playerFreespins)
        .set({ winnings: sql`${playerFreespins.winnings} + ${won}::numeric`, ...(closes ? { settled: sql`${playerFreespins.settled} + 1` } : {}) })
        .where(eq(playerFreespins.id, freespinId))
        .returning();
      if (!row) throw new Error(`free spin ${freespinId} vanished while a spin of it settled`);
      if (row.status === PLAYER_FREESPIN_STATUS.active && row.settled >= row.count) return finish(executor, row, PLAYER_FREESPIN_RESULT.played);
      if (row.status === PLAYER_FREESPIN_STATUS.finished) await issueWinnings(executor, row, won);
      await publish(executor, row);
      return row;
    },

    /** Gives a taken spin back (its stake was rolled back before it played). */
    async returnSpin(executor: DbExecutor, freespinId: string): Promise<void> {
      const [row] = await executor
        .update(playerFreespins)
        .set({ used: sql`greatest(${playerFreespins.used} - 1, 0)` })
        .where(eq(playerFreespins.id, freespinId))
        .returning();
      if (row) await publish(executor, row);
    },

    /**
     * Ends free spins past their deadline: status 3 result 4; what was played still becomes a bonus.
     * Each in its own transaction; answers how many ended.
     */
    async expireDue(): Promise<number> {
      const due = await db
        .select({ id: playerFreespins.id, playerId: playerFreespins.playerId })
        .from(playerFreespins)
        .where(and(inArray(playerFreespins.status, [PLAYER_FREESPIN_STATUS.issued, PLAYER_FREESPIN_STATUS.active]), lte(playerFreespins.expiresAt, now())))
        .limit(100);
      let ended = 0;
      for (const { id, playerId } of due) {
        const expired = await withLedgerRetry(() =>
          db.transaction(async (tx) => {
            const row = await lockFreespin(tx, playerId, id);
            if (row.status === PLAYER_FREESPIN_STATUS.finished || row.expiresAt > now()) return false;
            await finish(tx, row, PLAYER_FREESPIN_RESULT.expired);
            return true;
          }),
        );
        if (expired) ended++;
      }
      return ended;
    },
  };
}
