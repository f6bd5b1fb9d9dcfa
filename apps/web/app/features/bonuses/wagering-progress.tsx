// The wagering bar, shared by the bonus pages, the wallet, the header and the game page:
// "€12.40 of €100.00 wagered" over a bar, exposed as an accessible progressbar whose value text
// is the same sentence. Import it from here; its props are stable.
import { useTranslation } from "react-i18next";
import { wageringPercent } from "#app/features/bonus-data/bonus-format.ts";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { cx } from "#app/lib/cx.ts";

export type WageringProgressProps = {
  /** Decimal strings in `currency`, as the PlayerBonus view's `wagering` carries them. */
  wagered: string;
  required: string;
  currency: string;
  /** `compact` drops the caption to one small line (the header, the game page). */
  size?: "regular" | "compact";
  className?: string;
};

export function WageringProgress({ wagered, required, currency, size = "regular", className }: WageringProgressProps) {
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  const percent = wageringPercent(wagered, required);
  const text = t("progress.text", { wagered: money(wagered, currency), required: money(required, currency) });
  const complete = percent >= 100;
  return (
    <div className={cx("flex flex-col", size === "compact" ? "gap-1" : "gap-1.5", className)} data-wagering-progress={percent}>
      <div
        role="progressbar"
        aria-label={t("progress.label")}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className={cx("overflow-hidden rounded-full bg-surface-muted ring-1 ring-border ring-inset", size === "compact" ? "h-1.5" : "h-2.5")}
      >
        <div className={cx("h-full rounded-full transition-[width] duration-500", complete ? "bg-success" : "bg-brand")} style={{ width: `${percent}%` }} />
      </div>
      <p className={cx("flex flex-wrap items-baseline justify-between gap-x-2 text-fg-muted", size === "compact" ? "text-xs" : "text-sm")}>
        <span>{text}</span>
        <span className="font-semibold text-fg tabular-nums" aria-hidden="true">
          {t("progress.percent", { percent: Math.floor(percent) })}
        </span>
      </p>
    </div>
  );
}
