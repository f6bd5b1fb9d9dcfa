import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "#app/lib/cx.ts";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import type { BetAmount } from "./use-bet-amount.ts";
import type { OriginalRounds } from "./use-original-rounds.ts";

const nudge =
  "h-11 min-w-11 rounded-md px-2 text-sm font-bold text-fg-muted transition-colors hover:bg-surface-raised hover:text-fg focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none disabled:opacity-50 xs:h-9 xs:min-w-9";

/** The bet amount: a decimal field with ½ and 2× beside it, min and max below, and why it cannot be played yet. */
export function BetAmountControl({ bet, rounds, disabled = false }: { bet: BetAmount; rounds: Pick<OriginalRounds, "currency" | "stakes">; disabled?: boolean }) {
  const { t } = useTranslation("originals");
  const { money } = useMoneyFormat();
  const id = useId();
  const problemId = `${id}-problem`;
  const { stakes } = rounds;
  const problem =
    bet.problem === null || bet.problem === "overBalance"
      ? bet.problem && t("kit.amount.problem.overBalance")
      : bet.problem === "format"
        ? t("kit.amount.problem.format")
        : bet.problem === "belowMin"
          ? t("kit.amount.problem.belowMin", { amount: money(stakes?.min ?? "0", rounds.currency) })
          : t("kit.amount.problem.aboveMax", { amount: money(stakes?.max ?? "0", rounds.currency) });
  return (
    <div className="flex flex-col gap-1.5" data-bet-amount="">
      <div className="flex items-baseline justify-between">
        <label htmlFor={id} className="text-sm font-semibold">
          {t("kit.amount.label")}
        </label>
        <span className="text-xs text-fg-muted">{rounds.currency}</span>
      </div>
      <div className={cx("flex items-center gap-1 rounded-lg border bg-surface-muted p-1 focus-within:ring-2 focus-within:ring-focus", problem ? "border-error" : "border-border-strong")}>
        <input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          className="h-11 min-w-0 flex-1 bg-transparent px-2 text-base font-bold tabular-nums outline-none xs:h-9"
          value={bet.text}
          disabled={disabled}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => bet.setText(event.target.value)}
          onBlur={() => bet.amount && bet.setText(bet.amount)}
          data-amount-input=""
        />
        <button type="button" className={nudge} onClick={bet.halve} disabled={disabled} aria-label={t("kit.amount.halve")} data-amount-half="">
          ½
        </button>
        <button type="button" className={nudge} onClick={bet.double} disabled={disabled} aria-label={t("kit.amount.double")} data-amount-double="">
          2×
        </button>
      </div>
      {stakes && (
        <div className="flex gap-1">
          <button type="button" className={cx(nudge, "flex-1 bg-surface-muted text-xs")} onClick={bet.toMin} disabled={disabled} data-amount-min="">
            {t("kit.amount.min")}
          </button>
          <button type="button" className={cx(nudge, "flex-1 bg-surface-muted text-xs")} onClick={bet.toMax} disabled={disabled} data-amount-max="">
            {t("kit.amount.max")}
          </button>
        </div>
      )}
      {problem && (
        <p id={problemId} className="text-xs text-error" data-amount-problem={bet.problem ?? ""}>
          {problem}
        </p>
      )}
    </div>
  );
}
