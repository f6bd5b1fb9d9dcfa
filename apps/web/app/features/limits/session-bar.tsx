import type { GameJurisdiction } from "@playfair/contracts/game/jurisdiction";
import { compareAmounts } from "@playfair/contracts/money";
import { useTranslation } from "react-i18next";
import { cx } from "#app/lib/cx.ts";
import { minutesAndSeconds, useSecondsSince } from "./jurisdiction-session.ts";

/**
 * The session bar the player's jurisdiction asks for (P11): the net position since the game was
 * opened (wins minus stakes) and the time played, always in view above the game: our originals'
 * (original-shell.tsx) and a studio game's frame (features/games/game-frame.tsx).
 */
export function SessionBar({
  rules,
  net,
  currency,
  money,
}: {
  rules: GameJurisdiction;
  net: string;
  currency: string;
  /** The wallet's money formatting (useMoneyFormat), handed in: the wallet depends on the limits, not the other way round. */
  money: (amount: string, currency: string) => string;
}) {
  const { t } = useTranslation("limits");
  const seconds = useSecondsSince();
  const sign = compareAmounts(net, "0");
  return (
    <div role="group" aria-label={t("session.label")} className="flex flex-wrap items-center gap-x-4 gap-y-1 rounded-lg border border-border bg-surface px-3 py-1.5 text-sm" data-session-bar="">
      {rules.showNetPosition && (
        <p className="flex items-center gap-1.5">
          <span className="text-fg-muted">{t("session.net")}</span>
          <strong className={cx("tabular-nums", sign > 0 && "text-success", sign < 0 && "text-error")} dir="ltr" data-session-net={net}>
            {sign > 0 ? "+" : ""}
            {money(net, currency)}
          </strong>
        </p>
      )}
      {rules.showTimePlayed && (
        <p className="flex items-center gap-1.5">
          <span className="text-fg-muted">{t("session.time")}</span>
          <strong className="tabular-nums" dir="ltr" data-session-time="">
            <time dateTime={`PT${seconds}S`}>{minutesAndSeconds(seconds)}</time>
          </strong>
        </p>
      )}
    </div>
  );
}
