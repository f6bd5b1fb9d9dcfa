import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "../use-wallet.ts";
import { wageringPercent } from "#app/features/bonus-data/bonus-format.ts";
import { cx } from "#app/lib/cx.ts";

/** Wagered against required, as a bar with the two amounts; the bar is a progressbar for assistive technology. */
export function BonusProgressBar({ bonus, compact = false, className }: { bonus: PlayerBonus; compact?: boolean; className?: string }) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const percent = wageringPercent(bonus.wagering.wagered, bonus.wagering.required);
  const wagered = money(bonus.wagering.wagered, bonus.currency);
  const required = money(bonus.wagering.required, bonus.currency);
  const text = t("bonus.progress.text", { wagered, required });
  return (
    <div className={cx("flex min-w-0 flex-col gap-1", className)} data-bonus-progress={percent}>
      {compact ? null : (
        <p className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
          <span className="font-semibold">{t("bonus.progress.label")}</span>
          <span className="text-fg-muted">{text}</span>
        </p>
      )}
      <div
        role="progressbar"
        aria-label={t("bonus.progress.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className={cx("overflow-hidden rounded-full bg-surface-muted ring-1 ring-border ring-inset", compact ? "h-1.5" : "h-2.5")}
      >
        <div className="h-full rounded-full bg-brand transition-[width] duration-500 motion-reduce:transition-none" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}
