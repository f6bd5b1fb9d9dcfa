import type { Round } from "@playfair/contracts/game/play";
import { useTranslation } from "react-i18next";
import { cx } from "#app/lib/cx.ts";
import { displayMultiplier, isWin } from "./format.ts";

/** The last results as chips, newest first: green for a win, muted for a loss. */
export function ResultHistory({ rounds, label }: { rounds: readonly Round[]; label?: (round: Round) => string }) {
  const { t } = useTranslation("originals");
  return (
    <ol className="flex min-h-8 items-center gap-1.5 overflow-hidden" aria-label={t("kit.history.label")} data-result-history="">
      {rounds.length === 0 && <li className="text-xs text-on-stage-muted">{t("kit.history.empty")}</li>}
      {rounds.slice(0, 12).map((round, index) => {
        const win = isWin(round);
        return (
          <li
            key={round.id}
            className={cx(
              "shrink-0 rounded-full px-2.5 py-1 text-xs font-bold tabular-nums",
              win ? "bg-brand-400 text-ink-950" : "bg-white/10 text-on-stage",
              index > 5 && "max-sm:hidden",
            )}
            data-history-chip={win ? "win" : "loss"}
            data-round-id={round.id}
          >
            <span className="sr-only">{win ? t("kit.history.win") : t("kit.history.loss")} </span>
            {label ? label(round) : `${displayMultiplier(round.multiplier ?? "0")}×`}
          </li>
        );
      })}
    </ol>
  );
}
