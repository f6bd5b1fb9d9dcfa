import { and, asc, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { BONUS_CHANNELS, BONUS_CODE_STATUS, BONUS_EVENTS, type BonusCodeTrigger } from "@playfair/contracts/bonus/bonus-constants";
import { BONUS_CODE_ERROR_REASON, type PlayerBonusCode } from "@playfair/contracts/bonus/player-bonuses";
import { compareAmounts } from "@playfair/contracts/money";
import type { FastifyBaseLogger } from "fastify";
import type { AppDatabase, DbExecutor } from "../../db/database.ts";
import { violatedUniqueIndex } from "../../db/sql-errors.ts";
import { AppError } from "../../lib/app-error.ts";
import { withLedgerRetry } from "../ledger/ledger.service.ts";
import { players } from "../player/player.schema.ts";
import type { RealtimePublisher } from "../realtime/realtime.service.ts";
import { recordClaim, type ClaimClient } from "./bonus-claims.ts";
import { lockPlayerGrants, minimumDeposit, selectedCurrency, type BonusGrants, type GrantRefusal, type RatedCurrencies } from "./bonus-grants.ts";
import type { BonusLifecycle, BonusTemplateRow } from "./bonus-lifecycle.ts";
import { bonusCodes, bonusTemplates, playerBonusCodes } from "./bonus.schema.ts";
import { localized } from "./player-bonus-views.ts";

// Bonus codes (spec 3 Bonus code, 4, 7, 8): a player enters a code; it gives its template at once
// (manual, registration) or waits as status 1 for the next qualifying deposit (deposit). Uses are
// counted when a code is accepted, with a guarded update, so a code with maxUses N is accepted N
// times however many players race for it; removing a waiting code gives its use back.

type CodeRow = typeof bonusCodes.$inferSelect;
type PlayerCodeRow = typeof playerBonusCodes.$inferSelect;

/** Who enters a code and from where (the session that issues it, the device for abuse checks). */
export type CodeContext = { sessionId: string | null; client: ClaimClient; locale: string };

/** A refused code: 422 with the message on `bonusCode` and the spec's status as `reason` (BONUS_CODE_ERROR_REASON). */
export function codeRefusal(status: "incorrect" | "notAvailable", message: string): AppError {
  return new AppError("VALIDATION_FAILED", message, { fieldErrors: { bonusCode: [message] }, reason: BONUS_CODE_ERROR_REASON[status] });
}

const WRONG_TRIGGER: Record<BonusCodeTrigger, string> = {
  deposit: "This code gives its bonus with a deposit: enter it in the deposit form.",
  registration: "This code can only be entered when signing up.",
  manual: "This code cannot be used here: enter it under Bonuses, Get code.",
};

const REFUSED: Record<GrantRefusal | "claimed", string> = {
  restricted: "Bonuses are not available to your account at the moment.",
  optedOut: "Bonuses are turned off in your profile.",
  excludedCountry: "This bonus is not offered in your country.",
  alreadyReceived: "You have already received this bonus.",
  ended: "This bonus is no longer offered.",
  currency: "This bonus is not offered in your account's currency.",
  notQualifying: "This deposit does not qualify for this bonus.",
  notGrantable: "This bonus cannot be given by a code.",
  claimed: "This bonus was already claimed from this device or payment account.",
};

/** A code entered with `entered` may be used when it is the code's own trigger; at sign-up a deposit code waits for the first deposit. */
function accepts(entered: BonusCodeTrigger, code: BonusCodeTrigger): boolean {
  return entered === code || (entered === "registration" && code === "deposit");
}

export type BonusCodes = ReturnType<typeof createBonusCodes>;

export function createBonusCodes(dependencies: {
  db: AppDatabase;
  logger: FastifyBaseLogger;
  now: () => Date;
  lifecycle: BonusLifecycle;
  grants: BonusGrants;
  realtime: Pick<RealtimePublisher, "publish">;
}) {
  const { db, logger, now, lifecycle, grants, realtime } = dependencies;

  async function view(executor: DbExecutor, row: PlayerCodeRow, locale: string): Promise<PlayerBonusCode> {
    let title: string | null = null;
    if (row.bonusCodeId) {
      const [template] = await executor
        .select({ title: bonusTemplates.title })
        .from(bonusCodes)
        .innerJoin(bonusTemplates, eq(bonusTemplates.id, bonusCodes.templateId))
        .where(eq(bonusCodes.id, row.bonusCodeId));
      title = template ? localized(template.title, locale) : null;
    }
    return {
      id: row.id,
      code: row.code,
      trigger: row.trigger as BonusCodeTrigger,
      status: row.status,
      title,
      playerBonusId: row.playerBonusId,
      createdAt: row.createdAt.toISOString(),
    };
  }

  async function publish(executor: DbExecutor, row: PlayerCodeRow): Promise<PlayerBonusCode> {
    const playerBonusCode = await view(executor, row, "en");
    await realtime.publish(executor, `${BONUS_CHANNELS.playerBonusCodes}#${row.playerId}`, { event: BONUS_EVENTS.playerBonusCode, playerBonusCode });
    return playerBonusCode;
  }

  async function findCode(executor: DbExecutor, typed: string): Promise<{ code: CodeRow; template: BonusTemplateRow } | null> {
    const [found] = await executor
      .select({ code: bonusCodes, template: bonusTemplates })
      .from(bonusCodes)
      .innerJoin(bonusTemplates, eq(bonusTemplates.id, bonusCodes.templateId))
      .where(eq(bonusCodes.code, typed.trim().toUpperCase()));
    return found ?? null;
  }

  /** Why a known code cannot be accepted now, whoever asks. */
  function codeClosed(code: CodeRow): string | null {
    const at = now();
    if (!code.isActive) return "This bonus code is no longer available.";
    if (code.validFrom && code.validFrom > at) return "This bonus code is not valid yet.";
    if (code.validTo && code.validTo <= at) return "This bonus code has expired.";
    return null;
  }

  async function usedBy(executor: DbExecutor, playerId: string, codeId: string): Promise<PlayerCodeRow | null> {
    const [row] = await executor
      .select()
      .from(playerBonusCodes)
      .where(and(eq(playerBonusCodes.playerId, playerId), eq(playerBonusCodes.bonusCodeId, codeId), inArray(playerBonusCodes.status, [BONUS_CODE_STATUS.pending, BONUS_CODE_STATUS.used])));
    return row ?? null;
  }

  /** Takes one use of the code, or refuses when none is left (the guard and the count are one statement). */
  async function takeUse(executor: DbExecutor, code: CodeRow): Promise<void> {
    const [taken] = await executor
      .update(bonusCodes)
      .set({ uses: sql`${bonusCodes.uses} + 1` })
      .where(and(eq(bonusCodes.id, code.id), sql`(${bonusCodes.maxUses} is null or ${bonusCodes.uses} < ${bonusCodes.maxUses})`))
      .returning({ id: bonusCodes.id });
    if (!taken) throw codeRefusal("notAvailable", "This bonus code has been used up.");
  }

  /** Accepts `typed` for the player inside `tx`, or throws the refusal (the caller's transaction then rolls back). */
  async function enterIn(tx: DbExecutor, playerId: string, typed: string, entered: BonusCodeTrigger, context: CodeContext): Promise<PlayerCodeRow> {
    await lockPlayerGrants(tx, playerId);
    const found = await findCode(tx, typed);
    if (!found) throw codeRefusal("incorrect", "This bonus code does not exist.");
    const { code, template } = found;
    const trigger = code.trigger as BonusCodeTrigger;
    if (!accepts(entered, trigger)) throw codeRefusal("incorrect", WRONG_TRIGGER[trigger]);
    const closed = codeClosed(code);
    if (closed) throw codeRefusal("notAvailable", closed);
    if (await usedBy(tx, playerId, code.id)) throw codeRefusal("notAvailable", "You have already used this bonus code.");
    // Entering a code asks for its bonus: that is the player's consent to receive bonuses (ADR 034).
    await tx.update(players).set({ receiveBonus: true }).where(and(eq(players.id, playerId), eq(players.receiveBonus, false)));
    const currency = await selectedCurrency(tx, playerId);
    if (!currency) throw codeRefusal("notAvailable", REFUSED.currency);
    if (trigger === "deposit") {
      const refused = await lifecycle.ineligibility(tx, playerId, template, currency);
      // The deposit's currency decides later whether the offer exists in it.
      if (refused && refused !== "currency") throw codeRefusal("notAvailable", REFUSED[refused]);
      await takeUse(tx, code);
      const [pending] = await tx
        .insert(playerBonusCodes)
        .values({ playerId, bonusCodeId: code.id, code: code.code, trigger, status: BONUS_CODE_STATUS.pending, createdAt: now() })
        .returning();
      await publish(tx, pending!);
      return pending!;
    }
    if ((template.kind === "noDeposit" || template.kind === "freespins") && !(await recordClaim(tx, logger, { templateId: template.id, playerId, client: context.client }))) {
      throw codeRefusal("notAvailable", REFUSED.claimed);
    }
    await takeUse(tx, code);
    const granted = await grants.grant(tx, { playerId, template, currency, source: trigger === "registration" ? "registration" : "code", issueSessionId: context.sessionId });
    if ("refused" in granted) throw codeRefusal("notAvailable", REFUSED[granted.refused]);
    const [used] = await tx
      .insert(playerBonusCodes)
      .values({ playerId, bonusCodeId: code.id, code: code.code, trigger, status: BONUS_CODE_STATUS.used, playerBonusId: granted.playerBonusId, playerFreespinId: granted.playerFreespinId, createdAt: now() })
      .returning();
    await publish(tx, used!);
    return used!;
  }

  async function enter(playerId: string, typed: string, entered: BonusCodeTrigger, context: CodeContext): Promise<PlayerBonusCode> {
    try {
      return await withLedgerRetry(() =>
        db.transaction(async (tx) => {
          const row = await enterIn(tx, playerId, typed, entered, context);
          return view(tx, row, context.locale);
        }),
      );
    } catch (error) {
      // Two entries of one code by one player at once: the unique index lets one through.
      if (violatedUniqueIndex(error) === "player_bonus_codes_once") {
        throw codeRefusal("notAvailable", "You have already used this bonus code.");
      }
      throw error;
    }
  }

  return {
    codeClosed,
    usedBy,
    findCode,

    /** Whether the player has a deposit code waiting (a deposit without a bonus choice then skips the grant lock). */
    async hasWaitingCodes(executor: DbExecutor, playerId: string): Promise<boolean> {
      const [row] = await executor
        .select({ id: playerBonusCodes.id })
        .from(playerBonusCodes)
        .where(and(eq(playerBonusCodes.playerId, playerId), eq(playerBonusCodes.status, BONUS_CODE_STATUS.pending), isNull(playerBonusCodes.deletedAt)))
        .limit(1);
      return row !== undefined;
    },

    /** GET /api/game/bonuses/bonuscodes: the player's codes, newest first, removed ones left out. */
    async list(playerId: string, trigger: BonusCodeTrigger | undefined, locale: string): Promise<PlayerBonusCode[]> {
      const rows = await db
        .select()
        .from(playerBonusCodes)
        .where(and(eq(playerBonusCodes.playerId, playerId), isNull(playerBonusCodes.deletedAt), trigger ? eq(playerBonusCodes.trigger, trigger) : undefined))
        .orderBy(desc(playerBonusCodes.createdAt));
      return Promise.all(rows.map((row) => view(db, row, locale)));
    },

    /** POST /api/game/bonuses/bonuscodes. */
    enter,

    /** DELETE /api/game/bonuses/bonuscodes: removes a waiting code and gives its use back. */
    async remove(playerId: string, playerBonusCodeId: string): Promise<PlayerBonusCode> {
      return db.transaction(async (tx) => {
        const [row] = await tx
          .select()
          .from(playerBonusCodes)
          .where(and(eq(playerBonusCodes.id, playerBonusCodeId), eq(playerBonusCodes.playerId, playerId), isNull(playerBonusCodes.deletedAt)))
          .for("update");
        if (!row) throw new AppError("NOT_FOUND", "This code is not among your codes.");
        if (row.status !== BONUS_CODE_STATUS.pending) throw new AppError("CONFLICT", "Only a code still waiting for its deposit can be removed.", { reason: "bonusCodeNotPending" });
        const [removed] = await tx.update(playerBonusCodes).set({ deletedAt: now(), status: BONUS_CODE_STATUS.notAvailable }).where(eq(playerBonusCodes.id, row.id)).returning();
        if (row.bonusCodeId) await tx.update(bonusCodes).set({ uses: sql`greatest(${bonusCodes.uses} - 1, 0)` }).where(eq(bonusCodes.id, row.bonusCodeId));
        return publish(tx, removed!);
      });
    },

    /**
     * The code typed at sign-up, entered as if the player had posted it with trigger registration.
     * A refusal has no answer to travel in, so it is kept as the code's row (status 3 or 4) and
     * published: the player's tab shows spec 8's alert.
     */
    async applyRegistrationCode(playerId: string, context: CodeContext): Promise<void> {
      const [player] = await db.select({ code: players.registrationBonusCode }).from(players).where(eq(players.id, playerId));
      if (!player?.code) return;
      try {
        await enter(playerId, player.code, "registration", context);
      } catch (error) {
        if (!(error instanceof AppError) || !error.reason) throw error;
        const status = error.reason === BONUS_CODE_ERROR_REASON.incorrect ? BONUS_CODE_STATUS.incorrect : BONUS_CODE_STATUS.notAvailable;
        logger.info({ playerId, status }, "the sign-up bonus code gave nothing");
        await db.transaction(async (tx) => {
          const found = await findCode(tx, player.code!);
          const [row] = await tx
            .insert(playerBonusCodes)
            .values({ playerId, bonusCodeId: found?.code.id ?? null, code: player.code!.trim().toUpperCase().slice(0, 32), trigger: "registration", status, createdAt: now() })
            .returning();
          await publish(tx, row!);
        });
      }
    },

    /**
     * In a deposit's credit transaction (under the grant lock): the code typed with the deposit
     * joins the player's waiting codes, then every waiting deposit code the deposit qualifies for
     * gives its bonus. A deposit too small (or in a currency the offer lacks) leaves a code waiting;
     * a code that closed meanwhile becomes status 4.
     */
    /** Answers the first code whose bonus the deposit issued, or null. */
    async creditDepositCodes(tx: DbExecutor, invoice: { id: string; playerId: string; currency: string; amount: string; bonusCode: string | null }, rated: RatedCurrencies): Promise<string | null> {
      if (invoice.bonusCode) {
        const found = await findCode(tx, invoice.bonusCode);
        if (found && found.code.trigger === "deposit" && !codeClosed(found.code) && !(await usedBy(tx, invoice.playerId, found.code.id))) {
          try {
            await tx.transaction(async (savepoint) => {
              await takeUse(savepoint, found.code);
              // Typing a code with the deposit asks for its bonus, as entering it does (ADR 034).
              await savepoint.update(players).set({ receiveBonus: true }).where(and(eq(players.id, invoice.playerId), eq(players.receiveBonus, false)));
              await savepoint
                .insert(playerBonusCodes)
                .values({ playerId: invoice.playerId, bonusCodeId: found.code.id, code: found.code.code, trigger: "deposit", status: BONUS_CODE_STATUS.pending, createdAt: now() });
            });
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            logger.info({ invoiceId: invoice.id }, "the deposit's bonus code was used up before the deposit was credited");
          }
        } else {
          logger.info({ invoiceId: invoice.id }, "the deposit's bonus code is no longer available");
        }
      }
      let issuedCode: string | null = null;
      const waiting = await tx
        .select({ row: playerBonusCodes, code: bonusCodes, template: bonusTemplates })
        .from(playerBonusCodes)
        .innerJoin(bonusCodes, eq(bonusCodes.id, playerBonusCodes.bonusCodeId))
        .innerJoin(bonusTemplates, eq(bonusTemplates.id, bonusCodes.templateId))
        .where(and(eq(playerBonusCodes.playerId, invoice.playerId), eq(playerBonusCodes.status, BONUS_CODE_STATUS.pending), isNull(playerBonusCodes.deletedAt)))
        .orderBy(asc(playerBonusCodes.createdAt));
      for (const { row, code, template } of waiting) {
        if (codeClosed(code)) {
          const [closed] = await tx.update(playerBonusCodes).set({ status: BONUS_CODE_STATUS.notAvailable }).where(eq(playerBonusCodes.id, row.id)).returning();
          await publish(tx, closed!);
          continue;
        }
        if (template.reward.kind === "deposit" && compareAmounts(invoice.amount, minimumDeposit(template.reward.trigger, invoice.currency, rated)) < 0) continue;
        const granted = await grants.grant(tx, { playerId: invoice.playerId, template, currency: invoice.currency, source: "code", depositAmount: invoice.amount, invoiceId: invoice.id }, rated);
        if ("refused" in granted) {
          if (granted.refused === "notQualifying" || granted.refused === "currency") continue;
          logger.info({ invoiceId: invoice.id, templateId: template.id, reason: granted.refused }, "a waiting bonus code gave nothing");
          const [refused] = await tx.update(playerBonusCodes).set({ status: BONUS_CODE_STATUS.notAvailable }).where(eq(playerBonusCodes.id, row.id)).returning();
          await publish(tx, refused!);
          continue;
        }
        const [used] = await tx
          .update(playerBonusCodes)
          .set({ status: BONUS_CODE_STATUS.used, playerBonusId: granted.playerBonusId, playerFreespinId: granted.playerFreespinId })
          .where(eq(playerBonusCodes.id, row.id))
          .returning();
        await publish(tx, used!);
        issuedCode ??= code.code;
      }
      return issuedCode;
    },
  };
}
