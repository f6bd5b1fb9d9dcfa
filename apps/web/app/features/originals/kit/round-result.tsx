import type { Round } from "@playfair/contracts/game/play";
import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { cx } from "#app/lib/cx.ts";
import { displayMultiplier, isWin } from "./format.ts";

/**
 * The result of the last settled round, announced politely to screen readers: the multiplier and
 * the win, or "no win". Shown once the stage's animation has ended (pass the history's first round).
 */
export function RoundResult({ round, className }: { round: Round | null; className?: string }) {
  const { t } = useTranslation("originals");
  const { money } = useMoneyFormat();
  const win = round ? isWin(round) : false;
  return (
    <div aria-live="polite" className={cx("min-h-12 text-center", className)} data-round-result={round ? (win ? "win" : "loss") : ""}>
      {round && round.status === "settled" && (
        <p className={cx("inline-flex flex-col items-center rounded-xl px-4 py-1.5 font-bold", win ? "bg-brand-400/15 text-brand-300" : "text-on-stage-muted")}>
          <span className="text-lg tabular-nums">{displayMultiplier(round.multiplier ?? "0")}×</span>
          <span className="text-sm">{win ? t("kit.result.win", { amount: money(round.payout ?? "0", round.currency) }) : t("kit.result.loss")}</span>
        </p>
      )}
    </div>
  );
}
