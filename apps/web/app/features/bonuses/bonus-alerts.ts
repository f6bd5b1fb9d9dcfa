// The words of spec 4's bonus and free-spin notifications and spec 8's code alerts. Kept apart
// from the live listener so the wording can be tested without a connection.
import type { PlayerBonus, PlayerFreespin } from "@playfair/contracts/bonus/player-bonuses";
import { isZero } from "@playfair/contracts/money";
import type { TFunction } from "i18next";
import { bonusAlertKind, gameScopeOf, type BonusAlertState, type CodeOutcome } from "./bonus-events.ts";
import type { AlertInput } from "#app/features/alerts/alert-store.ts";

export type AlertContext = {
  t: TFunction<"bonuses">;
  money: (amount: string, currency: string) => string;
  localizedPath: (path: string) => string;
};

/** The alert of a bonus that reached `state`; the description says where it can be played. */
export function bonusAlert(bonus: PlayerBonus, state: BonusAlertState, { t, money, localizedPath }: AlertContext): AlertInput {
  const amount = money(bonus.amount, bonus.currency);
  const scope = gameScopeOf(bonus);
  const title = t(`alerts.bonus.${state}`, { title: bonus.title });
  let description: string;
  if (state === "issued" || state === "activated") {
    description =
      scope.kind === "several" ? t(`alerts.scope.${state}.several`, { amount, count: scope.count }) : t(`alerts.scope.${state}.${scope.kind}`, { amount });
  } else if (state === "played") {
    description = isZero(bonus.convertedAmount) ? t("alerts.played.nothing") : t("alerts.played.converted", { amount: money(bonus.convertedAmount, bonus.currency) });
  } else {
    description = t(`alerts.${state}`);
  }
  // One game: the alert takes the player to it; otherwise to the bonus list.
  const action =
    scope.kind === "one" && (state === "issued" || state === "activated")
      ? { label: t("alerts.openGame"), href: localizedPath(`/game/${encodeURIComponent(scope.gameId)}`) }
      : { label: t("alerts.openBonuses"), href: localizedPath("/bonuses") };
  return { kind: bonusAlertKind(state), title, description, action, dedupeKey: `bonus:${bonus.id}:${bonus.status}-${bonus.result}` };
}

/**
 * The alert of free spins that reached `state`. It links to the spins' game when the view names
 * one; without its game (spec 8: the game's info could not be had) it is shown without the link.
 */
export function freespinAlert(freespin: PlayerFreespin, state: BonusAlertState, { t, localizedPath }: AlertContext): AlertInput {
  const game = freespin.gameName || freespin.gameId;
  const title = t(`alerts.freespin.${state}`, { title: freespin.title });
  const description = state === "issued" || state === "activated" ? t("alerts.freespin.spins", { count: freespin.count, game }) : t(`alerts.freespin.ended.${state === "played" ? "played" : state}`);
  const withGame = freespin.gameId !== "" && state !== "canceled" && state !== "expired";
  return {
    kind: bonusAlertKind(state),
    title,
    description,
    ...(withGame ? { action: { label: t("alerts.openGame"), href: localizedPath(`/game/${encodeURIComponent(freespin.gameId)}`) } } : {}),
    dedupeKey: `freespin:${freespin.id}:${freespin.status}-${freespin.result}`,
  };
}

/** Spec 8: codes in status 3 or 4 are error alerts; an accepted code says what it gave. */
export function codeAlert(outcome: CodeOutcome, code: string, title: string | null, t: TFunction<"bonuses">, dedupeKey?: string): AlertInput {
  const kind = outcome === "incorrect" || outcome === "notAvailable" ? "error" : "success";
  const description = outcome === "accepted" && title ? t("alerts.code.gave", { title }) : t(`alerts.code.${outcome}Description`, { code });
  return { kind, title: t(`alerts.code.${outcome}`), description, ...(dedupeKey ? { dedupeKey } : {}) };
}
