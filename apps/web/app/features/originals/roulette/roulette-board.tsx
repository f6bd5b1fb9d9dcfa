import { fromMinorUnits } from "@playfair/contracts/money";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { useMediaQuery } from "#app/features/modals/use-media-query.ts";
import { cx } from "#app/lib/cx.ts";
import { afterSpin, chipMinor, clear, double, EMPTY_SLIP, hasChips, placeChip, repeatLast, spinRequest, totalMinor, undo, type BetSlip } from "./bet-slip.ts";
import { numberColor, winningSpotIds } from "./roulette-layout.ts";
import { chipFace, RouletteTable } from "./roulette-table.tsx";
import { RouletteWheel } from "./roulette-wheel.tsx";

// European roulette as the player sees it: the wheel, the recent numbers, the table with its
// chips and the table actions. It never talks to the server itself: `play` sends the spin and
// answers the server's pocket and payout, which the wheel then lands on.

export type RouletteSpin = ReturnType<typeof spinRequest>;
export type RouletteResult = { pocket: number; payout: string };

type Props = {
  subunitToUnit: string;
  /** Chip values, smallest first (decimal strings of the currency). */
  chips: readonly string[];
  formatAmount: (amount: string) => string;
  /** Sends the spin; null when it was refused (the caller shows why). */
  play: (spin: Pick<RouletteSpin, "amount" | "params">) => Promise<RouletteResult | null>;
  /** After the wheel has stopped on the result. */
  onRevealed?: (result: RouletteResult) => void;
  /** Recent numbers carried over (newest first), e.g. from game recall. */
  initialRecent?: readonly number[];
};

const RECENT_SIZE = 12;
const ACROSS_QUERY = "(min-width: 40rem)";
const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";
const BALL_COLOUR = { red: "bg-ruby-600 text-white", black: "bg-ink-900 text-white", green: "bg-brand-600 text-white" } as const;

function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  return Boolean(target.closest("input, textarea, select, button, a, [role='gridcell'], [contenteditable='true'], [role='dialog']"));
}

export function RouletteBoard({ subunitToUnit, chips, formatAmount, play, onRevealed, initialRecent = [] }: Props) {
  const { t } = useTranslation("roulette");
  const across = useMediaQuery(ACROSS_QUERY);
  const reducedMotion = useMediaQuery(REDUCED_MOTION_QUERY);
  const [slip, setSlip] = useState<BetSlip>(EMPTY_SLIP);
  const [chip, setChip] = useState(chips[1] ?? chips[0] ?? "1");
  const [spinning, setSpinning] = useState(false);
  const [pending, setPending] = useState<RouletteResult | null>(null);
  const [shown, setShown] = useState<(RouletteResult & { spotIds: string[] }) | null>(null);
  const [spinKey, setSpinKey] = useState(0);
  const [recent, setRecent] = useState<readonly number[]>(initialRecent);
  const spunSpots = useRef<string[]>([]);
  const pendingRef = useRef<RouletteResult | null>(null);

  const total = totalMinor(slip.chips);
  const totalText = formatAmount(fromMinorUnits(total, subunitToUnit));
  const winning = useMemo(() => new Set(shown ? winningSpotIds(shown.pocket, shown.spotIds) : []), [shown]);

  const spin = useCallback(async () => {
    if (spinning || !hasChips(slip)) return;
    const request = spinRequest(slip.chips, subunitToUnit);
    setSpinning(true);
    setShown(null);
    const result = await play({ amount: request.amount, params: request.params }).catch(() => null);
    if (!result) {
      setSpinning(false);
      return;
    }
    spunSpots.current = request.spotIds;
    setSlip(afterSpin);
    pendingRef.current = result;
    setPending(result);
    setSpinKey((key) => key + 1);
  }, [play, slip, spinning, subunitToUnit]);

  const revealed = useCallback(() => {
    const result = pendingRef.current;
    pendingRef.current = null;
    setSpinning(false);
    if (!result) return;
    setPending(null);
    setShown({ ...result, spotIds: spunSpots.current });
    setRecent((numbers) => [result.pocket, ...numbers].slice(0, RECENT_SIZE));
    onRevealed?.(result);
  }, [onRevealed]);

  // Space spins when focus is not on a control that uses Space itself.
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      if (event.key !== " " || event.repeat || event.defaultPrevented || isTyping(event.target)) return;
      event.preventDefault();
      void spin();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [spin]);

  const edit = (change: (current: BetSlip) => BetSlip) => {
    if (spinning) return;
    setShown(null);
    setSlip(change);
  };

  const landedColour = shown ? numberColor(shown.pocket) : null;
  const won = shown ? shown.payout !== "" && !/^0+(\.0+)?$/.test(shown.payout) : false;

  return (
    <section className="flex flex-col gap-4 rounded-xl bg-stage p-3 text-on-stage sm:p-5" aria-label={t("title")} data-roulette="">
      <div className="grid items-center gap-4 sm:grid-cols-[minmax(0,14rem)_1fr]">
        <div className="mx-auto aspect-square w-40 max-w-full sm:w-full">
          <RouletteWheel pocket={pending?.pocket ?? shown?.pocket ?? null} spinKey={spinKey} reducedMotion={reducedMotion} onSettled={revealed} />
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <div role="status" aria-live="polite" className="min-h-16 rounded-lg bg-white/5 p-3 text-center" data-roulette-result={shown ? shown.pocket : ""}>
            {shown && landedColour ? (
              <>
                <p className="text-2xl font-bold">
                  <span className={cx("me-2 inline-grid size-10 place-items-center rounded-full align-middle", BALL_COLOUR[landedColour])}>{shown.pocket}</span>
                  <span className="sr-only">{t("result.landed", { number: shown.pocket, color: t(`result.color.${landedColour}`) })}</span>
                </p>
                <p className={cx("mt-1 font-semibold", won ? "text-gold-300" : "text-on-stage-muted")} data-roulette-payout={shown.payout}>
                  {won ? t("result.won", { amount: formatAmount(shown.payout) }) : t("result.lost")}
                </p>
              </>
            ) : (
              <p className="py-3 text-on-stage-muted">{spinning ? t("actions.spinning") : t("empty")}</p>
            )}
          </div>
          <div>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-on-stage-muted uppercase">{t("recent")}</h3>
            <ol className="flex gap-1.5 overflow-hidden" data-recent-numbers="">
              {recent.length === 0 && <li className="text-sm text-on-stage-muted">{t("recentNone")}</li>}
              {recent.map((number, index) => (
                <li key={`${index}-${number}`} className={cx("grid size-8 shrink-0 place-items-center rounded-md text-sm font-bold", BALL_COLOUR[numberColor(number)], index === 0 && "ring-2 ring-gold-300")}>
                  {number}
                </li>
              ))}
            </ol>
          </div>
        </div>
      </div>

      <p id="roulette-table-help" className="sr-only">
        {t("table.help")}
      </p>
      <div className={cx("mx-auto w-full", across ? "max-w-3xl" : "max-w-xs")}>
        <RouletteTable
          orientation={across ? "across" : "upright"}
          chips={slip.chips}
          winning={winning}
          landed={shown?.pocket ?? null}
          disabled={spinning}
          onPlace={(spotId) => edit((current) => placeChip(current, spotId, chipMinor(chip, subunitToUnit)))}
          describeAmount={(spotId) => {
            const amount = slip.chips[spotId];
            return amount ? formatAmount(fromMinorUnits(amount, subunitToUnit)) : null;
          }}
          chipFaceOf={(spotId) => {
            const amount = slip.chips[spotId];
            return amount ? chipFace(fromMinorUnits(amount, subunitToUnit)) : null;
          }}
        />
      </div>

      <div className="flex flex-wrap items-center justify-center gap-2" role="group" aria-label={t("chips.label")}>
        {chips.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={chip === value}
            aria-label={t("chips.chip", { amount: formatAmount(value) })}
            onClick={() => setChip(value)}
            className={cx(
              "grid size-11 place-items-center rounded-full border-2 border-dashed text-xs font-bold transition-transform focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:ring-offset-stage focus-visible:outline-none",
              chip === value ? "-translate-y-1 border-white bg-iris-500 text-white shadow-lg" : "border-white/50 bg-ink-700 text-white hover:-translate-y-0.5",
            )}
            data-chip-value={value}
          >
            {chipFace(value)}
          </button>
        ))}
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2" role="group" aria-label={t("actions.label")}>
          <Button variant="glass" size="sm" onClick={() => edit(undo)} disabled={spinning || slip.history.length === 0} data-roulette-undo="">
            {t("actions.undo")}
          </Button>
          <Button variant="glass" size="sm" onClick={() => edit(clear)} disabled={spinning || !hasChips(slip)} data-roulette-clear="">
            {t("actions.clear")}
          </Button>
          <Button variant="glass" size="sm" onClick={() => edit(double)} disabled={spinning || !hasChips(slip)} data-roulette-double="">
            {t("actions.double")}
          </Button>
          <Button variant="glass" size="sm" onClick={() => edit(repeatLast)} disabled={spinning || !slip.lastSpin} data-roulette-repeat="">
            {t("actions.repeat")}
          </Button>
        </div>
        <div className="flex items-center gap-3">
          <p className="text-sm">
            <span className="text-on-stage-muted">{t("total")}</span>{" "}
            <strong className="text-base" data-roulette-total={fromMinorUnits(total, subunitToUnit)}>
              {totalText}
            </strong>
          </p>
          <Button variant="accent" size="lg" onClick={() => void spin()} disabled={spinning || !hasChips(slip)} aria-busy={spinning} data-roulette-spin="">
            {spinning ? t("actions.spinning") : t("actions.spin")}
          </Button>
        </div>
      </div>
    </section>
  );
}
