// What the bonus realtime events mean for the page, as plain functions (bonus-live.tsx wires them):
// which payloads are bonus views, which status-result change earns which alert (spec 4), and how
// a bonus's games are described (all games, one game or several).
import { BONUS_CODE_STATUS, BONUS_EVENTS } from "@playfair/contracts/bonus/bonus-constants";
import type { PlayerBonus, PlayerBonusCode, PlayerFreespin } from "@playfair/contracts/bonus/player-bonuses";
import type { AlertKind } from "#app/features/alerts/alert-store.ts";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

const AMOUNT = /^-?\d+(\.\d+)?$/;
const isAmount = (value: unknown): value is string => typeof value === "string" && AMOUNT.test(value);

/** The bonus of a `playerBonus` publication, or null: a malformed event must never reach the screen. */
export function playerBonusFromEvent(data: unknown): PlayerBonus | null {
  if (!isRecord(data) || data.event !== BONUS_EVENTS.playerBonus || !isRecord(data.playerBonus)) return null;
  const bonus = data.playerBonus;
  const wagering = bonus.wagering;
  if (
    typeof bonus.id !== "string" ||
    typeof bonus.status !== "number" ||
    typeof bonus.result !== "number" ||
    !isAmount(bonus.amount) ||
    !isAmount(bonus.balance) ||
    typeof bonus.currency !== "string" ||
    !isRecord(wagering) ||
    !isAmount(wagering.required) ||
    !isAmount(wagering.wagered) ||
    !isRecord(bonus.wagerCasinoConditions) ||
    !Array.isArray(bonus.wagerCasinoConditions.gameIds)
  ) {
    return null;
  }
  return bonus as PlayerBonus;
}

export function playerFreespinFromEvent(data: unknown): PlayerFreespin | null {
  if (!isRecord(data) || data.event !== BONUS_EVENTS.playerFreespin || !isRecord(data.playerFreespin)) return null;
  const freespin = data.playerFreespin;
  if (typeof freespin.id !== "string" || typeof freespin.status !== "number" || typeof freespin.result !== "number" || typeof freespin.count !== "number" || typeof freespin.gameId !== "string") {
    return null;
  }
  return freespin as PlayerFreespin;
}

export function playerBonusCodeFromEvent(data: unknown): PlayerBonusCode | null {
  if (!isRecord(data) || data.event !== BONUS_EVENTS.playerBonusCode || !isRecord(data.playerBonusCode)) return null;
  const code = data.playerBonusCode;
  if (typeof code.id !== "string" || typeof code.status !== "number" || typeof code.code !== "string") return null;
  return code as PlayerBonusCode;
}

/** Spec 4's notifications, by status-result pair. */
export type BonusAlertState = "issued" | "activated" | "played" | "canceled" | "expired";

const ALERT_STATES: Record<string, BonusAlertState> = { "1-1": "issued", "2-1": "activated", "3-2": "played", "3-3": "canceled", "3-4": "expired", "3-5": "expired" };

/** Spec 4: played is the good news (success); the other endings are error-styled; issue and activation inform. */
const ALERT_KINDS: Record<BonusAlertState, AlertKind> = { issued: "attention", activated: "attention", played: "success", canceled: "error", expired: "error" };

export function stateKey(item: { status: number; result: number }): string {
  return `${item.status}-${item.result}`;
}

/**
 * The alert a change deserves: only a change of status or result does (a bonus's wagering
 * progress publishes the same pair again and again), and only a pair the spec names.
 */
export function bonusAlertState(previous: string | undefined, next: { status: number; result: number }): BonusAlertState | null {
  const key = stateKey(next);
  if (previous === key) return null;
  return ALERT_STATES[key] ?? null;
}

export function bonusAlertKind(state: BonusAlertState): AlertKind {
  return ALERT_KINDS[state];
}

/** Where a bonus can be played: every game, one game (with its identity) or several. */
export type GameScope = { kind: "all" } | { kind: "one"; gameId: string } | { kind: "several"; count: number };

export function gameScopeOf(bonus: Pick<PlayerBonus, "wagerCasinoConditions">): GameScope {
  const gameIds = bonus.wagerCasinoConditions.gameIds;
  if (gameIds.length === 0) return { kind: "all" };
  if (gameIds.length === 1) return { kind: "one", gameId: gameIds[0]! };
  return { kind: "several", count: gameIds.length };
}

/** Spec 4/8: an entered code in status 3 or 4 is an error alert (incorrect / not available); a used one is good news. */
export type CodeOutcome = "incorrect" | "notAvailable" | "accepted" | "pending";

export function codeOutcome(status: number): CodeOutcome | null {
  switch (status) {
    case BONUS_CODE_STATUS.incorrect:
      return "incorrect";
    case BONUS_CODE_STATUS.notAvailable:
      return "notAvailable";
    case BONUS_CODE_STATUS.used:
      return "accepted";
    case BONUS_CODE_STATUS.pending:
      return "pending";
    default:
      return null;
  }
}

/**
 * The code status of a refused POST: the server answers 422 with the spec's status as `reason`
 * ("3" incorrect, "4" not available). A refusal without one is treated as incorrect.
 */
export function refusedCodeOutcome(reason: string | undefined): "incorrect" | "notAvailable" {
  return reason === String(BONUS_CODE_STATUS.notAvailable) ? "notAvailable" : "incorrect";
}

/** Calls `run` once, `delayMs` after the last of a burst of calls (spec 9: list updates debounced 500 ms). */
export function debounce(run: () => void, delayMs: number): { call: () => void; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | null = null;
  return {
    call() {
      if (timer !== null) clearTimeout(timer);
      timer = setTimeout(() => {
        timer = null;
        run();
      }, delayMs);
    },
    cancel() {
      if (timer !== null) clearTimeout(timer);
      timer = null;
    },
  };
}
