import { fromMinorUnits } from "@playfair/contracts/money";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { useMediaQuery } from "#app/features/modals/use-media-query.ts";
import { cx } from "#app/lib/cx.ts";
import { afterSpin, chipMinor, clear, double, EMPTY_SLIP, hasChips, placeChip, repeatLast, spinRequest, totalMinor, undo, type BetSlip } from "./bet-slip.ts";
import { numberColor, winningSpotIds } from "./roulette-layout.ts";
import { chipFace, RouletteTable } from "./roulette-table.tsx";
import { RouletteWheel, type WheelSpin } from "./roulette-wheel.tsx";

// European roulette as the player sees it, in two parts the game's layout places: the stage (the
// wheel, the result, the recent numbers and the table) and the controls (chips, table actions,
// total). Neither talks to the server: a spin goes out through `onSpin`, and the server's answer
// comes back as `landed`, which the wheel then lands on before the result shows.

export type RouletteSpin = Pick<ReturnType<typeof spinRequest>, "amount" | "params">;
/** A settled spin as the server answered it: its round id, pocket, payout and the spots that were bet. */
export type RouletteLanded = { id: string; pocket: number; payout: string; spotIds: readonly string[] };

const RECENT_SIZE = 12;
const ACROSS_QUERY = "(min-width: 40rem)";
const BALL_COLOUR = { red: "bg-ruby-600 text-white", black: "bg-ink-900 text-white", green: "bg-brand-600 text-white" } as const;

export type RouletteTableState = ReturnType<typeof useRouletteTable>;

/** The table's state: the chips, the chosen chip value, and the wheel between the answer and the result. */
export function useRouletteTable({ subunitToUnit, chips, landed }: { subunitToUnit: string; chips: readonly string[]; landed: RouletteLanded | null }) {
  const [slip, setSlip] = useState<BetSlip>(EMPTY_SLIP);
  const [chosen, setChip] = useState<string | null>(null);
  const [shown, setShown] = useState<RouletteLanded | null>(null);
  const [settledId, setSettledId] = useState<string | null>(null);
  const [recent, setRecent] = useState<readonly number[]>([]);
  // Chips of another currency or bounds start from the second smallest again.
  const chip = chosen !== null && chips.includes(chosen) ? chosen : (chips[1] ?? chips[0] ?? "1");
  // Each answer is a new spin of the wheel, even on the same number; its result shows when the wheel stops.
  const wheelSpin = useMemo<WheelSpin | null>(() => (landed ? { pocket: landed.pocket } : null), [landed]);
  const wheelBusy = landed !== null && settledId !== landed.id;

  const onWheelSettled = useCallback(() => {
    if (!landed) return;
    setSettledId(landed.id);
    setShown(landed);
    setRecent((numbers) => [landed.pocket, ...numbers].slice(0, RECENT_SIZE));
  }, [landed]);

  const edit = useCallback((change: (current: BetSlip) => BetSlip) => {
    setShown(null);
    setSlip(change);
  }, []);

  return {
    slip,
    chip,
    setChip,
    chips,
    subunitToUnit,
    shown,
    recent,
    wheelSpin,
    wheelBusy,
    landed,
    onWheelSettled,
    edit,
    total: totalMinor(slip.chips),
    request: (): RouletteSpin => {
      const { amount, params } = spinRequest(slip.chips, subunitToUnit);
      return { amount, params };
    },
    /** After the server took the spin: chips stay for the next one and Repeat remembers them. */
    spun: () => setSlip(afterSpin),
  };
}

export function RouletteStage({ table, disabled, reducedMotion, formatAmount }: { table: RouletteTableState; disabled: boolean; reducedMotion: boolean; formatAmount: (amount: string) => string }) {
  const { t } = useTranslation("roulette");
  const across = useMediaQuery(ACROSS_QUERY);
  const { slip, shown, subunitToUnit } = table;
  const winning = useMemo(() => new Set(shown ? winningSpotIds(shown.pocket, shown.spotIds) : []), [shown]);
  const landedColour = shown ? numberColor(shown.pocket) : null;
  const won = shown ? !/^0+(\.0+)?$/.test(shown.payout) : false;

  return (
    <div className="flex w-full flex-col gap-4" data-roulette="">
      <div className="grid items-center gap-4 sm:grid-cols-[minmax(0,13rem)_1fr]">
        <div className="mx-auto aspect-square w-44 max-w-full sm:w-full">
          <RouletteWheel spin={table.wheelSpin} reducedMotion={reducedMotion} onSettled={table.onWheelSettled} />
        </div>
        <div className="flex min-w-0 flex-col gap-3">
          <div role="status" aria-live="polite" className="min-h-20 rounded-lg bg-white/5 p-3 text-center" data-roulette-result={shown ? shown.pocket : ""}>
            {shown && landedColour ? (
              <>
                <p className="text-2xl font-bold">
                  <span aria-hidden="true" className={cx("inline-grid size-10 place-items-center rounded-full align-middle", BALL_COLOUR[landedColour])}>
                    {shown.pocket}
                  </span>
                  <span className="sr-only">{t("result.landed", { number: shown.pocket, color: t(`result.color.${landedColour}`) })}</span>
                </p>
                <p className={cx("mt-1 font-semibold", won ? "text-gold-300" : "text-on-stage-muted")} data-roulette-payout={shown.payout}>
                  {won ? t("result.won", { amount: formatAmount(shown.payout) }) : t("result.lost")}
                </p>
              </>
            ) : (
              <p className="py-4 text-on-stage-muted">{table.wheelBusy ? t("actions.spinning") : t("empty")}</p>
            )}
          </div>
          <div>
            <h3 className="mb-1 text-xs font-semibold tracking-wide text-on-stage-muted uppercase">{t("recent")}</h3>
            <ol className="flex gap-1.5 overflow-hidden" aria-label={t("recent")} data-recent-numbers="">
              {table.recent.length === 0 && <li className="text-sm text-on-stage-muted">{t("recentNone")}</li>}
              {table.recent.map((number, index) => (
                <li key={`${table.recent.length - index}`} className={cx("grid size-8 shrink-0 place-items-center rounded-md text-sm font-bold", BALL_COLOUR[numberColor(number)], index === 0 && "ring-2 ring-gold-300")}>
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
          disabled={disabled}
          onPlace={(spotId) => table.edit((current) => placeChip(current, spotId, chipMinor(table.chip, subunitToUnit)))}
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
    </div>
  );
}

/** The chip values, the table actions and the total stake (the play button is the caller's). */
export function RouletteControls({ table, disabled, formatAmount }: { table: RouletteTableState; disabled: boolean; formatAmount: (amount: string) => string }) {
  const { t } = useTranslation("roulette");
  const { slip } = table;
  const totalText = formatAmount(fromMinorUnits(table.total, table.subunitToUnit));
  return (
    <div className="flex flex-col gap-3" data-roulette-controls="">
      <div>
        <p className="mb-1.5 text-sm font-semibold" id="roulette-chips-label">
          {t("chips.label")}
        </p>
        <div className="flex flex-wrap gap-2" role="group" aria-labelledby="roulette-chips-label">
          {table.chips.map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={table.chip === value}
              aria-label={t("chips.chip", { amount: formatAmount(value) })}
              onClick={() => table.setChip(value)}
              className={cx(
                "grid size-11 place-items-center rounded-full border-2 border-dashed text-xs font-bold transition-transform focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:outline-none motion-reduce:transition-none",
                table.chip === value ? "-translate-y-0.5 border-white bg-iris-600 text-white shadow-lg" : "border-ink-300 bg-ink-700 text-white hover:-translate-y-0.5",
              )}
              data-chip-value={value}
            >
              {chipFace(value)}
            </button>
          ))}
        </div>
      </div>
      <div className="grid grid-cols-2 gap-2" role="group" aria-label={t("actions.label")}>
        <Button variant="secondary" size="sm" onClick={() => table.edit(undo)} disabled={disabled || slip.history.length === 0} data-roulette-undo="">
          {t("actions.undo")}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => table.edit(clear)} disabled={disabled || !hasChips(slip)} data-roulette-clear="">
          {t("actions.clear")}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => table.edit(double)} disabled={disabled || !hasChips(slip)} data-roulette-double="">
          {t("actions.double")}
        </Button>
        <Button variant="secondary" size="sm" onClick={() => table.edit(repeatLast)} disabled={disabled || !slip.lastSpin} data-roulette-repeat="">
          {t("actions.repeat")}
        </Button>
      </div>
      <p className="flex items-baseline justify-between rounded-lg bg-surface-muted px-3 py-2 text-sm">
        <span className="text-fg-muted">{t("total")}</span>
        <strong className="text-base tabular-nums" data-roulette-total={fromMinorUnits(table.total, table.subunitToUnit)}>
          {totalText}
        </strong>
      </p>
    </div>
  );
}
