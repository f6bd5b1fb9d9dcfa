import { PLINKO_MAX_ROWS, PLINKO_MIN_ROWS, PLINKO_RISKS, plinkoTable, type PlinkoOutcome, type PlinkoRisk } from "@playfair/fairness/games/plinko";
import type { Round } from "@playfair/contracts/game/play";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OriginalInterfaceProps } from "../kit/types.ts";
import { BetAmountControl, OriginalShell, PlayButton, RiskPicker, RoundResult, tableMultiplier, useBetAmount, useOriginalRounds, useReducedMotion } from "../kit/index.ts";
import { ballPath, BOARD_WIDTH, boardHeight, pegs, SLOT_HEIGHT, slotCenter, slotTone, spacingFor } from "./plinko-board.ts";

/** The ball takes this long per row. */
const ROW_MS = 120;
const BALL_RADIUS = 7;
const ROW_CHOICES = Array.from({ length: PLINKO_MAX_ROWS - PLINKO_MIN_ROWS + 1 }, (_, index) => PLINKO_MIN_ROWS + index);

function outcomeOf(round: Round | null): PlinkoOutcome | null {
  const outcome = round?.outcome as Partial<PlinkoOutcome> | null | undefined;
  return Array.isArray(outcome?.path) ? (outcome as PlinkoOutcome) : null;
}

/** Playfair Plinko: the ball falls through 8 to 16 rows of pegs into a slot; the risk sets the slots' multipliers. */
export default function Plinko({ identity, launch }: OriginalInterfaceProps) {
  const { t } = useTranslation("originals");
  const [rows, setRows] = useState(12);
  const [risk, setRisk] = useState<PlinkoRisk>("medium");
  const rounds = useOriginalRounds({ identity, launch, seedGame: "plinko", revealMs: ROW_MS * (rows + 1) });
  const bet = useBetAmount(rounds);
  const rowsId = useId();
  const reduced = useReducedMotion();
  const ball = useRef<SVGCircleElement>(null);

  const latest = outcomeOf(rounds.latest);
  const latestParams = rounds.latest?.params as { rows?: number; risk?: PlinkoRisk } | undefined;
  // While a ball is on its way the board keeps that round's rows and risk.
  const boardRows = latest && rounds.busy ? (latestParams?.rows ?? rows) : rows;
  const boardRisk = latest && rounds.busy ? (latestParams?.risk ?? risk) : risk;
  const table = plinkoTable({ rows: boardRows, risk: boardRisk });
  const settled = rounds.history[0] ?? null;
  const revealed = settled !== null && settled.id === rounds.latest?.id;
  const landed = latest && revealed && latest.path.length === boardRows ? latest.slot : null;
  const height = boardHeight(boardRows);
  const spacing = spacingFor(boardRows);
  const pegList = useMemo(() => pegs(boardRows), [boardRows]);

  useEffect(() => {
    const element = ball.current;
    if (!element || !latest || !rounds.latest) return;
    const points = ballPath(latest.path, BALL_RADIUS);
    const end = points.at(-1)!;
    if (reduced) {
      element.style.transform = `translate(${end.x}px, ${end.y}px)`;
      return;
    }
    const animation = element.animate(
      points.map((point, index) => ({ transform: `translate(${point.x}px, ${point.y}px)`, easing: index === 0 ? "ease-in" : "cubic-bezier(0.5, 0, 0.75, 0.4)" })),
      { duration: ROW_MS * points.length, fill: "forwards" },
    );
    return () => animation.cancel();
    // A new round's answer starts a new drop.
  }, [rounds.latest, latest, reduced]);

  function play() {
    if (!bet.amount || bet.problem) return;
    void rounds.place(bet.amount, { rows, risk });
  }

  const slotWidth = spacing - 3;
  const stage = (
    <div className="flex w-full flex-col items-center gap-3 py-2">
      <svg viewBox={`0 -4 ${BOARD_WIDTH} ${height + 4}`} className="w-full max-w-xl" role="img" aria-label={t("plinko.board", { rows: boardRows })} data-plinko-board={boardRows}>
        {pegList.map((peg, index) => (
          <circle key={index} cx={peg.x} cy={peg.y} r={Math.max(2.5, spacing / 9)} fill="white" fillOpacity="0.8" />
        ))}
        {table.map((hundredths, slot) => {
          const center = slotCenter(boardRows, slot);
          const hit = landed === slot;
          return (
            <g key={slot} data-plinko-slot={slot} data-plinko-hit={hit ? "" : undefined}>
              <rect x={center.x - slotWidth / 2} y={center.y - SLOT_HEIGHT / 2 + (hit ? 4 : 0)} width={slotWidth} height={SLOT_HEIGHT - 2} rx="4" fill={slotTone(hundredths)} className="transition-[y] duration-150" />
              <text x={center.x} y={center.y + 3 + (hit ? 4 : 0)} textAnchor="middle" fontSize={boardRows > 13 ? 7 : 9} fontWeight="800" fill="#0a1024">
                {tableMultiplier(hundredths)}
              </text>
            </g>
          );
        })}
        {latest && latest.path.length === boardRows && <circle ref={ball} r={BALL_RADIUS} cx={0} cy={0} fill="var(--color-gold-400)" stroke="white" strokeWidth="1.5" data-plinko-ball="" />}
      </svg>
      <RoundResult round={revealed ? settled : null} />
    </div>
  );

  const panel = (
    <>
      <BetAmountControl bet={bet} rounds={rounds} disabled={rounds.busy} />
      <RiskPicker<PlinkoRisk> label={t("plinko.risk")} name="plinko-risk" risks={PLINKO_RISKS} value={risk} onChange={setRisk} disabled={rounds.busy} />
      <div className="flex flex-col gap-1.5">
        <label htmlFor={rowsId} className="text-sm font-semibold">
          {t("plinko.rows")}
        </label>
        <select
          id={rowsId}
          value={rows}
          disabled={rounds.busy}
          onChange={(event) => setRows(Number(event.target.value))}
          className="h-11 rounded-md border border-border-strong bg-surface-muted px-2 font-bold focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none xs:h-9"
          data-plinko-rows=""
        >
          {ROW_CHOICES.map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </select>
      </div>
      <PlayButton onPlay={play} busy={rounds.busy} disabled={bet.problem !== null} />
    </>
  );

  return (
    <OriginalShell
      rounds={rounds}
      name={t("plinko.name")}
      stage={stage}
      panel={panel}
      describeRound={(round) => {
        const params = round.params as { rows?: number; risk?: PlinkoRisk };
        return params.rows && params.risk ? t("plinko.recall", { rows: params.rows, risk: t(`kit.risk.${params.risk}`) }) : "";
      }}
    />
  );
}
