import { SLOT_LINES, SLOT_REELS, SLOT_ROWS, type SlotSymbol } from "@playfair/fairness/games/slot";
import { useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "#app/lib/cx.ts";
import { cellOf, celebrationOf, featureSteps, hundredthsOfStake, reelStops, winningCells, type FeatureStep, type SlotRoundOutcome } from "./slot-outcome.ts";
import { SlotSymbolArt, SlotSymbolDefs } from "./slot-symbols.tsx";

// Starfall's stage: five reels that spin and stop left to right on the server's stops, the
// winning lines drawn over them, the line wins listed, and a triggered feature played back spin
// by spin with its counter and running total. The whole round is settled before it starts; this
// only shows it. A win above the stake ends with a celebration.

/** A settled round as the reels play it. */
export type SlotRound = { id: string; stake: string; payout: string; outcome: SlotRoundOutcome };

/** Timings (ms) of a paid spin and of a free spin: how long all reels spin, then each next reel's stop. */
const PAID = { spin: 650, gap: 210, hold: 1100 };
const FREE = { spin: 420, gap: 140, hold: 900 };
const LINE_COLOURS = ["#ffd166", "#5cd7ab", "#f4657a", "#8b8cf8", "#fb9aa8", "#95e8c9", "#ffe49e", "#b9bafc", "#2ec493", "#fbbd34"];

export type SlotPlayback = {
  steps: FeatureStep[];
  /** The step on the reels. */
  index: number;
  /** How many reels have stopped on it (0-5). */
  stopped: number;
  /** The round has been shown to its end. */
  done: boolean;
};

/** Shows a round step by step: each spin's reels stop left to right, then the next free spin. With reduced motion, its end at once. */
export function useSlotPlayback(round: SlotRound | null, reducedMotion: boolean, onDone: (round: SlotRound) => void): SlotPlayback {
  const steps = useMemo(() => (round ? featureSteps(round.outcome) : []), [round]);
  const [position, setPosition] = useState<{ id: string | null; index: number; stopped: number }>({ id: null, index: 0, stopped: SLOT_REELS.length });
  const finished = useRef(onDone);
  useEffect(() => {
    finished.current = onDone;
  });

  useEffect(() => {
    if (!round || steps.length === 0) return;
    const last = steps.length - 1;
    if (reducedMotion) {
      finished.current(round);
      return;
    }
    const timers: ReturnType<typeof setTimeout>[] = [];
    let at = 0;
    for (let index = 0; index <= last; index += 1) {
      const timing = index === 0 ? PAID : FREE;
      const start = at;
      timers.push(setTimeout(() => setPosition({ id: round.id, index, stopped: 0 }), start));
      for (let reel = 0; reel < SLOT_REELS.length; reel += 1) {
        timers.push(setTimeout(() => setPosition({ id: round.id, index, stopped: reel + 1 }), start + timing.spin + reel * timing.gap));
      }
      const reelsDone = start + timing.spin + (SLOT_REELS.length - 1) * timing.gap;
      at = reelsDone + (index < last ? timing.hold : 0);
    }
    timers.push(setTimeout(() => finished.current(round), at));
    return () => timers.forEach(clearTimeout);
  }, [round, steps, reducedMotion]);

  // With reduced motion the round's end shows at once.
  if (reducedMotion && round) return { steps, index: Math.max(0, steps.length - 1), stopped: SLOT_REELS.length, done: true };
  const current = position.id === round?.id;
  const index = current ? position.index : 0;
  const stopped = current ? position.stopped : round ? 0 : SLOT_REELS.length;
  return { steps, index, stopped, done: !round || (current && index === steps.length - 1 && stopped === SLOT_REELS.length) };
}

/** A reel in motion: its own strip running past, blurred. */
function SpinningReel({ reel, reducedMotion }: { reel: number; reducedMotion: boolean }) {
  const strip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = strip.current;
    if (!element || reducedMotion || typeof element.animate !== "function") return;
    const animation = element.animate([{ transform: "translateY(-50%)" }, { transform: "translateY(0)" }], { duration: 360 + reel * 25, iterations: Infinity });
    // Cancelling rejects `finished`; nothing waits on it.
    animation.finished.catch(() => undefined);
    return () => animation.cancel();
  }, [reel, reducedMotion]);
  const symbols = SLOT_REELS[reel] ?? [];
  const run = [...symbols.slice(0, 8), ...symbols.slice(0, 8)];
  return (
    <div className="absolute inset-0 overflow-hidden" aria-hidden="true">
      <div ref={strip} className="flex flex-col blur-[1.5px]">
        {run.map((symbol, index) => (
          <div key={index} className="aspect-square p-[12%]">
            <SlotSymbolArt symbol={symbol} className="size-full opacity-80" />
          </div>
        ))}
      </div>
    </div>
  );
}

export function SlotReels({
  playback,
  reducedMotion,
  spinningAll,
  glow = true,
}: {
  playback: SlotPlayback;
  reducedMotion: boolean;
  spinningAll: boolean;
  /**
   * Whether winning lines are lit and drawn. Off for a round whose return the player's
   * jurisdiction does not let us celebrate (P11: not above the stake): its lines stay plain.
   */
  glow?: boolean;
}) {
  const { t } = useTranslation("slot");
  const step = playback.steps[playback.index];
  const window: SlotSymbol[][] = step ? reelStops(step.spin) : SLOT_REELS.map((_, reel) => SLOT_REELS[reel]!.slice(0, SLOT_ROWS) as SlotSymbol[]);
  const settled = !spinningAll && playback.stopped === SLOT_REELS.length;
  const lit = glow && settled && step ? winningCells(step.spin) : new Set<string>();
  const lines = glow && settled && step ? step.spin.lineWins : [];
  return (
    // Reels and paylines read left to right in every language, as the engine counts them.
    <div className="relative w-full" dir="ltr" data-slot-reels={settled ? "stopped" : "spinning"}>
      <SlotSymbolDefs />
      <div className="grid grid-cols-5 gap-1.5 rounded-2xl border border-iris-400/40 bg-[radial-gradient(ellipse_at_top,#1b2238,#090d1a)] p-2 shadow-[inset_0_0_24px_rgba(106,108,240,0.35)] sm:gap-2 sm:p-3" role="group" aria-label={t("reels")}>
        {window.map((symbols, reel) => {
          const spinning = spinningAll || reel >= playback.stopped;
          return (
            <div
              key={reel}
              className="relative overflow-hidden rounded-xl bg-ink-900/80"
              role="img"
              aria-label={spinning ? t("spinning") : t("reel", { reel: reel + 1, symbols: symbols.map((symbol) => t(`symbols.${symbol}`)).join(", ") })}
              data-reel={reel}
            >
              <div className={cx("flex flex-col", spinning && "invisible")}>
                {symbols.map((symbol, row) => {
                  const on = lit.has(cellOf(reel, row));
                  return (
                    <div
                      key={row}
                      className={cx(
                        "relative aspect-square p-[12%] transition-[transform,opacity] duration-300 motion-reduce:transition-none",
                        settled && lit.size > 0 && !on && "opacity-40",
                        on && "scale-105",
                        symbol === "W" && "bg-iris-600/25",
                        symbol === "S" && "bg-brand-500/20",
                      )}
                      data-cell={cellOf(reel, row)}
                      data-lit={on ? "" : undefined}
                    >
                      {on && <span className="absolute inset-1 rounded-lg border-2 border-gold-300 shadow-[0_0_12px_rgba(255,209,102,0.7)]" />}
                      <SlotSymbolArt symbol={symbol} className="relative size-full" />
                    </div>
                  );
                })}
              </div>
              {spinning && <SpinningReel reel={reel} reducedMotion={reducedMotion} />}
            </div>
          );
        })}
      </div>
      {lines.length > 0 && (
        <svg viewBox="0 0 5 3" preserveAspectRatio="none" className="pointer-events-none absolute inset-2 sm:inset-3" aria-hidden="true" data-paylines="">
          {lines.map((win) => (
            <polyline
              key={win.line}
              points={(SLOT_LINES[win.line - 1] ?? []).map((row, reel) => `${reel + 0.5},${row + 0.5}`).join(" ")}
              fill="none"
              stroke={LINE_COLOURS[(win.line - 1) % LINE_COLOURS.length]}
              strokeWidth={4}
              strokeLinecap="round"
              strokeLinejoin="round"
              vectorEffect="non-scaling-stroke"
              opacity={0.85}
              data-payline={win.line}
            />
          ))}
        </svg>
      )}
    </div>
  );
}

/** The wins of the spin on the reels, the free-spins counter and total, and the round's result. */
export function SlotWins({
  round,
  playback,
  formatAmount,
  subunitToUnit,
  celebrate = (played) => !/^0+(\.0+)?$/.test(played.payout),
}: {
  round: SlotRound | null;
  playback: SlotPlayback;
  formatAmount: (amount: string) => string;
  subunitToUnit: string;
  /** Whether the round's result is shown as a win (the player's jurisdiction may allow it only above the stake). */
  celebrate?: (round: SlotRound) => boolean;
}) {
  const { t } = useTranslation("slot");
  const step = playback.steps[playback.index];
  const settled = playback.stopped === SLOT_REELS.length;
  const awarded = step?.awarded ?? 0;
  const inFeature = (step?.index ?? 0) > 0;
  return (
    <div className="flex w-full flex-col gap-2 text-sm" data-slot-wins="">
      {round && awarded > 0 && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-iris-600/30 px-3 py-2 font-semibold" data-free-spins={`${step?.index ?? 0}/${awarded}`}>
          <span>{inFeature ? t("free.counter", { spin: step?.index ?? 0, total: awarded }) : t("free.awarded", { count: awarded })}</span>
          {inFeature && (
            <span>
              {t("free.total")}: <strong className="text-gold-300">{formatAmount(hundredthsOfStake(round.stake, step?.featureTotal ?? 0, 1, subunitToUnit))}</strong>
            </span>
          )}
        </div>
      )}
      {round && step && settled && (
        <ul aria-label={t("wins.label")} className="flex flex-col gap-1" data-line-wins="">
          {step.spin.lineWins.map((win) => (
            <li key={win.line} className="flex items-center justify-between gap-2 rounded-md bg-white/5 px-2 py-1">
              <span className="flex items-center gap-2">
                <span className="size-2.5 shrink-0 rounded-full" style={{ background: LINE_COLOURS[(win.line - 1) % LINE_COLOURS.length] }} aria-hidden="true" />
                {t("wins.line", { line: win.line, count: win.count, symbol: t(`symbols.${win.symbol}`) })}
              </span>
              <strong className="tabular-nums">{formatAmount(hundredthsOfStake(round.stake, win.pay, step.spin.factor, subunitToUnit))}</strong>
            </li>
          ))}
          {step.spin.scatterPay > 0 && (
            <li className="flex items-center justify-between gap-2 rounded-md bg-brand-500/20 px-2 py-1">
              <span>{t("wins.scatter", { count: 3, symbol: t("symbols.S"), spins: step.spin.freeSpinsAwarded })}</span>
              <strong className="tabular-nums">{formatAmount(hundredthsOfStake(round.stake, step.spin.scatterPay, step.spin.factor, subunitToUnit))}</strong>
            </li>
          )}
          {step.spin.lineWins.length === 0 && step.spin.scatterPay === 0 && <li className="text-on-stage-muted">{t("wins.none")}</li>}
        </ul>
      )}
      <div aria-live="polite" className="min-h-7 text-center text-base font-bold" data-slot-result={round && playback.done ? round.payout : ""}>
        {round && playback.done && <RoundOutcome round={round} celebrate={celebrate(round)} formatAmount={formatAmount} />}
        {round && playback.done && inFeature && <span className="sr-only"> {t("free.finished", { count: playback.index })}</span>}
      </div>
    </div>
  );
}

/** The round's result line: a win in gold, a return the rules do not let us celebrate said plainly, or no win. */
function RoundOutcome({ round, celebrate, formatAmount }: { round: SlotRound; celebrate: boolean; formatAmount: (amount: string) => string }) {
  const { t } = useTranslation("slot");
  if (celebrate) return <span className="text-gold-300" data-slot-outcome="win">{t("roundWin", { amount: formatAmount(round.payout) })}</span>;
  if (/^0+(\.0+)?$/.test(round.payout)) return <span className="text-on-stage-muted" data-slot-outcome="loss">{t("roundLoss")}</span>;
  return <span className="text-on-stage-muted" data-slot-outcome="return">{t("roundReturn", { amount: formatAmount(round.payout), stake: formatAmount(round.stake) })}</span>;
}

/** The end-of-round celebration, only for a return above the stake. */
export function SlotCelebration({ round, playback, formatAmount, subunitToUnit, onClose }: { round: SlotRound | null; playback: SlotPlayback; formatAmount: (amount: string) => string; subunitToUnit: string; onClose: () => void }) {
  const { t } = useTranslation("slot");
  const kind = round && playback.done ? celebrationOf(round.stake, round.payout, subunitToUnit) : null;
  if (!round || !kind) return null;
  return (
    <div className="absolute inset-0 z-10 grid place-items-center bg-ink-950/70 p-4 backdrop-blur-[2px]" data-celebration={kind}>
      <div className="relative flex flex-col items-center gap-2 rounded-2xl border border-gold-300/60 bg-ink-900/90 px-8 py-5 text-center shadow-[0_0_40px_rgba(251,189,52,0.45)]">
        <svg viewBox="0 0 100 40" className="h-10 w-28 motion-safe:animate-pulse" aria-hidden="true">
          {[10, 30, 50, 70, 90].map((x, index) => (
            <path key={x} d={`M${x} ${index % 2 ? 8 : 4} l3 9 9 3 -9 3 -3 9 -3 -9 -9 -3 9 -3z`} fill={index % 2 ? "#ffd166" : "#b9bafc"} />
          ))}
        </svg>
        <p className={cx("font-black tracking-wide text-gold-300 uppercase", kind === "big" ? "text-3xl" : "text-2xl")}>{t(`celebration.${kind}`)}</p>
        <p className="text-xl font-bold tabular-nums text-white">{formatAmount(round.payout)}</p>
        <button type="button" onClick={onClose} className="mt-1 rounded-md px-3 py-1.5 text-sm font-semibold text-on-stage underline focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none" data-celebration-close="">
          {t("celebration.close")}
        </button>
      </div>
    </div>
  );
}
