import { KENO_DRAWN, KENO_MAX_PICKS, KENO_NUMBERS, KENO_RISKS, kenoPaytable, type KenoOutcome, type KenoRisk } from "@playfair/fairness/games/keno";
import type { Round } from "@playfair/contracts/game/play";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OriginalInterfaceProps } from "../kit/types.ts";
import { cx } from "#app/lib/cx.ts";
import { BetAmountControl, OriginalShell, PlayButton, RiskPicker, RoundResult, tableMultiplier, useBetAmount, useOriginalRounds, useReducedMotion } from "../kit/index.ts";

/** One drawn number appears every this many milliseconds. */
const DRAW_STEP_MS = 110;
const NUMBERS = Array.from({ length: KENO_NUMBERS }, (_, index) => index + 1);

function outcomeOf(round: Round | null): KenoOutcome | null {
  const outcome = round?.outcome as Partial<KenoOutcome> | null | undefined;
  return Array.isArray(outcome?.drawn) ? (outcome as KenoOutcome) : null;
}

/** Distinct numbers 1-40 not already picked, chosen by the browser's random source (a convenience, not part of the round). */
function randomPicks(count: number): number[] {
  const pool = [...NUMBERS];
  const chosen: number[] = [];
  const random = new Uint32Array(count);
  crypto.getRandomValues(random);
  for (let index = 0; index < count; index += 1) {
    const at = random[index]! % pool.length;
    chosen.push(pool.splice(at, 1)[0]!);
  }
  return chosen;
}

/** How many of the round's drawn numbers are on show: one by one after the answer, all with reduced motion. */
function useDrawnCount(round: Round | null): number {
  const reduced = useReducedMotion();
  const [progress, setProgress] = useState<{ id: string; count: number } | null>(null);
  useEffect(() => {
    if (!round || reduced) return;
    const timer = setInterval(
      () =>
        setProgress((current) => {
          const count = current?.id === round.id ? current.count : 0;
          return count >= KENO_DRAWN ? current : { id: round.id, count: count + 1 };
        }),
      DRAW_STEP_MS,
    );
    return () => clearInterval(timer);
  }, [round, reduced]);
  if (!round) return 0;
  if (reduced) return KENO_DRAWN;
  return progress?.id === round.id ? progress.count : 0;
}

/** Playfair Keno: pick 1 to 10 of 40 numbers, 10 are drawn, the paytable pays by hits. */
export default function Keno({ identity, launch }: OriginalInterfaceProps) {
  const { t } = useTranslation("originals");
  const rounds = useOriginalRounds({ identity, launch, seedGame: "keno", revealMs: DRAW_STEP_MS * KENO_DRAWN });
  const bet = useBetAmount(rounds);
  const [picks, setPicks] = useState<number[]>([]);
  const [risk, setRisk] = useState<KenoRisk>("medium");
  const latest = outcomeOf(rounds.latest);
  const shownCount = useDrawnCount(latest ? rounds.latest : null);
  const drawn = new Set(latest?.drawn.slice(0, shownCount) ?? []);
  const settled = rounds.history[0] ?? null;
  const revealed = settled !== null && settled.id === rounds.latest?.id;
  const paytable = picks.length > 0 ? kenoPaytable(risk, picks.length) : [];
  const hitsNow = latest && revealed ? latest.hits.length : null;

  function toggle(number: number) {
    if (rounds.busy) return;
    setPicks((current) => (current.includes(number) ? current.filter((value) => value !== number) : current.length >= KENO_MAX_PICKS ? current : [...current, number]));
  }

  function play() {
    if (!bet.amount || bet.problem || picks.length === 0) return;
    void rounds.place(bet.amount, { picks, risk });
  }

  const stage = (
    <div className="flex w-full flex-col items-center gap-4 py-2">
      <div role="group" aria-label={t("keno.board", { count: picks.length, max: KENO_MAX_PICKS })} className="grid w-full max-w-xl grid-cols-8 gap-1 sm:gap-1.5" data-keno-board="">
        {NUMBERS.map((number) => {
          const picked = picks.includes(number);
          const isDrawn = drawn.has(number);
          const state = picked && isDrawn ? "hit" : isDrawn ? "drawn" : picked ? "picked" : "idle";
          return (
            <button
              key={number}
              type="button"
              aria-pressed={picked}
              aria-label={isDrawn ? t("keno.numberDrawn", { number }) : String(number)}
              onClick={() => toggle(number)}
              aria-disabled={rounds.busy || (!picked && picks.length >= KENO_MAX_PICKS) || undefined}
              className={cx(
                "grid aspect-square place-items-center rounded-md text-sm font-extrabold tabular-nums transition-[background-color,transform] duration-150 focus-visible:ring-4 focus-visible:ring-brand-300 focus-visible:outline-none sm:text-base motion-reduce:transition-none",
                state === "idle" && "bg-ink-700 text-on-stage hover:bg-ink-600",
                state === "picked" && "bg-iris-600 text-white",
                state === "drawn" && "scale-95 bg-ink-900 text-ruby-300 ring-2 ring-ruby-400/60",
                state === "hit" && "scale-105 bg-brand-400 text-ink-950 shadow-glow-brand",
              )}
              data-keno-number={number}
              data-keno-state={state}
            >
              {number}
            </button>
          );
        })}
      </div>
      {paytable.length > 0 && (
        <div className="w-full max-w-xl" data-keno-paytable="">
          <p className="mb-1 text-xs text-on-stage-muted">{t("keno.paytable", { count: picks.length })}</p>
          <ol className="grid grid-cols-[repeat(auto-fit,minmax(3.5rem,1fr))] gap-1">
            {paytable.map((hundredths, hits) => (
              <li key={hits} className={cx("rounded-md px-1 py-1 text-center text-xs tabular-nums", hitsNow === hits ? "bg-brand-400 text-ink-950" : "bg-white/5 text-on-stage")}>
                <span className="block font-extrabold">{tableMultiplier(hundredths)}×</span>
                <span className="block opacity-75">{t("keno.hits", { count: hits })}</span>
              </li>
            ))}
          </ol>
        </div>
      )}
      <RoundResult round={revealed ? settled : null} />
    </div>
  );

  const panel = (
    <>
      <BetAmountControl bet={bet} rounds={rounds} disabled={rounds.busy} />
      <RiskPicker<KenoRisk> label={t("keno.risk")} name="keno-risk" risks={KENO_RISKS} value={risk} onChange={setRisk} disabled={rounds.busy} />
      <div className="flex gap-2">
        <button type="button" className="h-11 flex-1 rounded-md bg-surface-muted text-sm font-semibold hover:bg-surface-raised focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none disabled:opacity-50 xs:h-9" onClick={() => setPicks(randomPicks(picks.length || KENO_MAX_PICKS))} disabled={rounds.busy} data-keno-autopick="">
          {t("keno.autoPick")}
        </button>
        <button type="button" className="h-11 flex-1 rounded-md bg-surface-muted text-sm font-semibold hover:bg-surface-raised focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none disabled:opacity-50 xs:h-9" onClick={() => setPicks([])} disabled={rounds.busy || picks.length === 0} data-keno-clear="">
          {t("keno.clear")}
        </button>
      </div>
      <p className="text-sm text-fg-muted" aria-live="polite">
        {t("keno.picked", { count: picks.length, max: KENO_MAX_PICKS })}
      </p>
      <PlayButton onPlay={play} busy={rounds.busy} disabled={bet.problem !== null || picks.length === 0} />
    </>
  );

  return (
    <OriginalShell
      rounds={rounds}
      name={t("keno.name")}
      stage={stage}
      panel={panel}
      describeRound={(round) => {
        const outcome = outcomeOf(round);
        const params = round.params as { picks?: number[] };
        return outcome ? t("keno.recall", { hits: outcome.hits.length, picks: params.picks?.length ?? 0 }) : "";
      }}
    />
  );
}
