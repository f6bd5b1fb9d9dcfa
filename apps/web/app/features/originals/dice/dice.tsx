import type { DiceCondition, DiceOutcome } from "@playfair/fairness/games/dice";
import type { Round } from "@playfair/contracts/game/play";
import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OriginalInterfaceProps } from "../kit/types.ts";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { cx } from "#app/lib/cx.ts";
import { BetAmountControl, ChoiceGroup, displayMultiplier, isWin, OriginalShell, payoutPreview, PlayButton, RoundResult, useBetAmount, useCountUp, useOriginalRounds } from "../kit/index.ts";
import { clampTarget, diceOdds, DICE_SLIDER_MAX, DICE_SLIDER_MIN, targetParam } from "./dice-rules.ts";

const ROLL_MS = 650;

function rollOf(round: Round | null): number | null {
  const outcome = round?.outcome as Partial<DiceOutcome> | null | undefined;
  return typeof outcome?.roll === "number" ? outcome.roll : null;
}

/** The track: 0 to 100 left to right in every language, the winning side green, the roll's marker. */
function DiceTrack({ target, condition, roll, rolling, win, onTarget, disabled }: { target: number; condition: DiceCondition; roll: number | null; rolling: boolean; win: boolean | null; onTarget: (value: number) => void; disabled: boolean }) {
  const { t } = useTranslation("originals");
  const position = `${target / 100}%`;
  const winSide = condition === "under" ? "linear-gradient(to right, var(--color-brand-400) var(--split), var(--color-ruby-500) var(--split))" : "linear-gradient(to right, var(--color-ruby-500) var(--split), var(--color-brand-400) var(--split))";
  return (
    <div dir="ltr" className="w-full max-w-xl px-2">
      <div className="relative h-16">
        {roll !== null && (
          <div
            className={cx("absolute top-0 -translate-x-1/2 transition-[left] duration-500 ease-out motion-reduce:transition-none", rolling && "opacity-70")}
            style={{ left: `${roll / 100}%` }}
            data-dice-marker=""
          >
            <div className={cx("grid h-10 min-w-14 place-items-center rounded-lg px-2 text-sm font-extrabold tabular-nums shadow-raised", win === null ? "bg-white text-ink-950" : win ? "bg-brand-400 text-ink-950" : "bg-ruby-500 text-white")}>{targetParam(roll)}</div>
            <div className={cx("mx-auto size-0 border-x-8 border-t-8 border-x-transparent", win === null ? "border-t-white" : win ? "border-t-brand-400" : "border-t-ruby-500")} />
          </div>
        )}
      </div>
      <div className="relative rounded-full bg-white/10 p-2">
        <div className="h-3 rounded-full" style={{ background: winSide, ["--split" as string]: position }} />
        <input
          type="range"
          min={DICE_SLIDER_MIN}
          max={DICE_SLIDER_MAX}
          step={1}
          value={target}
          disabled={disabled}
          onChange={(event) => onTarget(clampTarget(Number(event.target.value)))}
          aria-label={t("dice.target")}
          aria-valuetext={t(condition === "under" ? "dice.rollUnderValue" : "dice.rollOverValue", { value: targetParam(target) })}
          className="dice-range absolute inset-0 h-full w-full cursor-pointer appearance-none bg-transparent focus-visible:outline-none [&::-moz-range-thumb]:size-7 [&::-moz-range-thumb]:rounded-md [&::-moz-range-thumb]:border-0 [&::-moz-range-thumb]:bg-white [&::-webkit-slider-thumb]:size-7 [&::-webkit-slider-thumb]:appearance-none [&::-webkit-slider-thumb]:rounded-md [&::-webkit-slider-thumb]:bg-white [&::-webkit-slider-thumb]:shadow-raised focus-visible:[&::-webkit-slider-thumb]:ring-4 focus-visible:[&::-webkit-slider-thumb]:ring-brand-300"
          data-dice-slider=""
        />
      </div>
      <div className="mt-2 flex justify-between text-xs text-on-stage-muted tabular-nums" aria-hidden="true">
        <span>0</span>
        <span>25</span>
        <span>50</span>
        <span>75</span>
        <span>100</span>
      </div>
    </div>
  );
}

/** Playfair Dice: roll 0.00-100.00 under or over a target; the slider sets the odds. */
export default function Dice({ identity, launch }: OriginalInterfaceProps) {
  const { t } = useTranslation("originals");
  const { money } = useMoneyFormat();
  const rounds = useOriginalRounds({ identity, launch, seedGame: "dice", revealMs: ROLL_MS });
  const bet = useBetAmount(rounds);
  const targetId = useId();
  const [target, setTarget] = useState(5_050);
  const [targetText, setTargetText] = useState<string | null>(null);
  const [condition, setCondition] = useState<DiceCondition>("under");
  const odds = diceOdds(target, condition);
  const payout = payoutPreview(bet.amount, odds.multiplier, bet.subunitToUnit);

  const latestRoll = rollOf(rounds.latest);
  const shown = useCountUp(latestRoll ?? 5_000, ROLL_MS, rounds.latest?.id ?? null);
  const settled = rounds.history[0] ?? null;
  const revealed = settled !== null && settled.id === rounds.latest?.id;
  const rolling = rounds.latest !== null && !revealed;

  function play() {
    if (!bet.amount || bet.problem) return;
    void rounds.place(bet.amount, { target: targetParam(target), condition });
  }

  function commitTargetText(text: string) {
    setTargetText(null);
    const match = /^(\d{1,2})([.,]\d{1,2})?$/.exec(text.trim());
    if (!match) return;
    setTarget(clampTarget(Math.round(Number(text.trim().replace(",", ".")) * 100)));
  }

  const stage = (
    <div className="flex w-full flex-col items-center gap-6 py-4">
      <p className={cx("text-6xl font-extrabold tabular-nums sm:text-7xl", revealed ? (isWin(settled) ? "text-brand-300" : "text-ruby-400") : "text-on-stage")} dir="ltr" aria-hidden="true" data-dice-roll={revealed && latestRoll !== null ? targetParam(latestRoll) : ""}>
        {targetParam(Math.round(shown))}
      </p>
      <DiceTrack target={target} condition={condition} roll={latestRoll === null ? null : rolling ? Math.round(shown) : latestRoll} rolling={rolling} win={revealed ? isWin(settled) : null} onTarget={setTarget} disabled={rounds.busy} />
      <RoundResult round={revealed ? settled : null} />
    </div>
  );

  const panel = (
    <>
      <BetAmountControl bet={bet} rounds={rounds} disabled={rounds.busy} />
      <ChoiceGroup<DiceCondition>
        label={t("dice.condition")}
        name="dice-condition"
        value={condition}
        onChange={setCondition}
        disabled={rounds.busy}
        choices={[
          { value: "under", label: t("dice.under") },
          { value: "over", label: t("dice.over") },
        ]}
      />
      <div className="grid grid-cols-3 gap-2 text-sm">
        <div className="flex min-w-0 flex-col gap-1">
          <label htmlFor={targetId} className="text-xs text-fg-muted">
            {condition === "under" ? t("dice.rollUnder") : t("dice.rollOver")}
          </label>
          <input
            id={targetId}
            inputMode="decimal"
            dir="ltr"
            className="h-11 w-full min-w-0 rounded-md border border-border-strong bg-surface-muted px-2 font-bold tabular-nums focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none xs:h-9"
            value={targetText ?? targetParam(target)}
            disabled={rounds.busy}
            onChange={(event) => setTargetText(event.target.value)}
            onBlur={(event) => commitTargetText(event.target.value)}
            onKeyDown={(event) => event.key === "Enter" && commitTargetText(event.currentTarget.value)}
            data-dice-target=""
          />
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-xs text-fg-muted">{t("dice.multiplier")}</span>
          <output className="flex h-11 items-center rounded-md bg-surface-muted px-2 font-bold tabular-nums xs:h-9" data-dice-multiplier={odds.multiplier}>
            {displayMultiplier(odds.multiplier)}×
          </output>
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <span className="text-xs text-fg-muted">{t("dice.chance")}</span>
          <output className="flex h-11 items-center rounded-md bg-surface-muted px-2 font-bold tabular-nums xs:h-9" data-dice-chance={odds.chance}>
            {odds.chance}%
          </output>
        </div>
      </div>
      <p className="flex justify-between gap-2 text-sm">
        <span className="text-fg-muted">{t("kit.payoutOnWin")}</span>
        <span className="font-bold" data-dice-payout={payout ?? ""}>
          {payout === null ? "—" : money(payout, rounds.currency)}
        </span>
      </p>
      <PlayButton onPlay={play} busy={rounds.busy} disabled={bet.problem !== null} />
    </>
  );

  return (
    <OriginalShell
      rounds={rounds}
      name={t("dice.name")}
      stage={stage}
      panel={panel}
      chipLabel={(round) => {
        const roll = rollOf(round);
        return roll === null ? "—" : targetParam(roll);
      }}
      describeRound={(round) => {
        const roll = rollOf(round);
        const params = round.params as { target?: string; condition?: string };
        return roll === null ? "" : t(params.condition === "over" ? "dice.recallOver" : "dice.recallUnder", { roll: targetParam(roll), target: params.target ?? "" });
      }}
    />
  );
}
