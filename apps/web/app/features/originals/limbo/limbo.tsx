import type { LimboOutcome } from "@playfair/fairness/games/limbo";
import type { Round } from "@playfair/contracts/game/play";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OriginalInterfaceProps } from "../kit/types.ts";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { cx } from "#app/lib/cx.ts";
import { BetAmountControl, isWin, OriginalShell, payoutPreview, PlayButton, RoundResult, useBetAmount, useCountUp, useOriginalRounds } from "../kit/index.ts";
import { hundredthsText, LIMBO_MAX_RESULT, LIMBO_MIN_TARGET, limboChance, parseLimboTarget } from "./limbo-rules.ts";

const RISE_MS = 900;

function resultOf(round: Round | null): number | null {
  const outcome = round?.outcome as Partial<LimboOutcome> | null | undefined;
  return typeof outcome?.result === "number" ? outcome.result : null;
}

/** Playfair Limbo: name a target multiplier; the round's multiplier must reach it. */
export default function Limbo({ identity, launch }: OriginalInterfaceProps) {
  const { t } = useTranslation("originals");
  const { money } = useMoneyFormat();
  const rounds = useOriginalRounds({ identity, launch, seedGame: "limbo", revealMs: RISE_MS });
  const bet = useBetAmount(rounds);
  const targetId = useId();
  const [targetText, setTargetText] = useState("2.00");
  const target = parseLimboTarget(targetText);
  const payout = target === null ? null : payoutPreview(bet.amount, hundredthsText(target), bet.subunitToUnit);

  const latest = resultOf(rounds.latest);
  // The number rises on a logarithmic scale, so a 2x and a 1,000x take the same time to land.
  const shownLog = useCountUp(Math.log(latest ?? 100), RISE_MS, rounds.latest?.id ?? null);
  const shown = Math.max(100, Math.min(LIMBO_MAX_RESULT, Math.round(Math.exp(shownLog))));
  const settled = rounds.history[0] ?? null;
  const revealed = settled !== null && settled.id === rounds.latest?.id;

  function play() {
    if (!bet.amount || bet.problem || target === null) return;
    void rounds.place(bet.amount, { target: hundredthsText(target) });
  }

  const stage = (
    <div className="flex w-full flex-col items-center gap-4 py-6">
      <div className="relative grid aspect-square w-full max-w-72 place-items-center">
        <svg viewBox="0 0 200 200" className="absolute inset-0 size-full" aria-hidden="true">
          <defs>
            <radialGradient id="limbo-glow" cx="50%" cy="50%" r="50%">
              <stop offset="0%" stopColor="var(--color-iris-500)" stopOpacity="0.45" />
              <stop offset="100%" stopColor="var(--color-iris-500)" stopOpacity="0" />
            </radialGradient>
          </defs>
          <circle cx="100" cy="100" r="96" fill="url(#limbo-glow)" />
          <circle cx="100" cy="100" r="78" fill="none" stroke="white" strokeOpacity="0.08" strokeWidth="10" />
          <circle
            cx="100"
            cy="100"
            r="78"
            fill="none"
            stroke={revealed ? (isWin(settled) ? "var(--color-brand-400)" : "var(--color-ruby-500)") : "var(--color-gold-400)"}
            strokeWidth="10"
            strokeLinecap="round"
            strokeDasharray={`${Math.min(1, Math.log(shown / 100) / Math.log(Math.max(2, (target ?? 200) / 100)) ) * 490} 490`}
            transform="rotate(-90 100 100)"
          />
        </svg>
        <p className={cx("relative text-5xl font-extrabold tabular-nums sm:text-6xl", revealed ? (isWin(settled) ? "text-brand-300" : "text-ruby-400") : "text-on-stage")} dir="ltr" aria-hidden="true" data-limbo-result={revealed && latest !== null ? hundredthsText(latest) : ""}>
          {hundredthsText(shown)}×
        </p>
      </div>
      <p className="text-sm text-on-stage-muted" dir="ltr">
        {t("limbo.targetShown", { value: target === null ? "—" : hundredthsText(target) })}
      </p>
      <RoundResult round={revealed ? settled : null} />
    </div>
  );

  const panel = (
    <>
      <BetAmountControl bet={bet} rounds={rounds} disabled={rounds.busy} />
      <div className="grid grid-cols-2 gap-2 text-sm">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={targetId} className="text-xs text-fg-muted">
            {t("limbo.target")}
          </label>
          <input
            id={targetId}
            inputMode="decimal"
            dir="ltr"
            className={cx("h-11 w-full min-w-0 rounded-md border bg-surface-muted px-2 font-bold tabular-nums focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none xs:h-9", target === null ? "border-error" : "border-border-strong")}
            value={targetText}
            disabled={rounds.busy}
            aria-invalid={target === null || undefined}
            aria-describedby={target === null ? `${targetId}-problem` : undefined}
            onChange={(event) => setTargetText(event.target.value)}
            onBlur={() => target !== null && setTargetText(hundredthsText(target))}
            data-limbo-target=""
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-xs text-fg-muted">{t("limbo.chance")}</span>
          <output className="flex h-11 items-center rounded-md bg-surface-muted px-2 font-bold tabular-nums xs:h-9" data-limbo-chance="">
            {target === null ? "—" : `${limboChance(target)}%`}
          </output>
        </div>
      </div>
      {target === null && (
        <p id={`${targetId}-problem`} className="text-xs text-error">
          {t("limbo.targetRule", { min: hundredthsText(LIMBO_MIN_TARGET), max: hundredthsText(LIMBO_MAX_RESULT) })}
        </p>
      )}
      <p className="flex justify-between gap-2 text-sm">
        <span className="text-fg-muted">{t("kit.payoutOnWin")}</span>
        <span className="font-bold">{payout === null ? "—" : money(payout, rounds.currency)}</span>
      </p>
      <PlayButton onPlay={play} busy={rounds.busy} disabled={bet.problem !== null || target === null} />
    </>
  );

  return (
    <OriginalShell
      rounds={rounds}
      name={t("limbo.name")}
      stage={stage}
      panel={panel}
      chipLabel={(round) => {
        const result = resultOf(round);
        return result === null ? "—" : `${hundredthsText(result)}×`;
      }}
      describeRound={(round) => {
        const result = resultOf(round);
        const params = round.params as { target?: string };
        return result === null ? "" : t("limbo.recall", { result: hundredthsText(result), target: params.target ?? "" });
      }}
    />
  );
}
