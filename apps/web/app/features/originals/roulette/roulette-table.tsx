import { Fragment, useMemo, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Placement } from "./bet-slip.ts";
import { numberColor, orient, SPOTS, SPOTS_BY_ID, spotToward, tableSize, type Direction, type Orientation, type Rect, type Spot } from "./roulette-layout.ts";

// The betting table: painted cells underneath, and over them one focusable spot per bet arranged
// as an ARIA grid (rows as seen, cells left to right). The arrow keys move between spots the way
// the table looks; Enter or Space puts the chosen chip on the focused spot.

/** Table units to drawing units: upright cells are wider than tall so the table fits a phone. */
const SCALE: Record<Orientation, { x: number; y: number }> = { across: { x: 40, y: 40 }, upright: { x: 40, y: 24 } };
/** Cells leave the lines free for the edge spots (splits, corners...), so neither covers the other. */
const CELL_INSET = 0.17;
const KEYS: Record<string, Direction> = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right" };
const FELT_TEXT = "fill-white text-[13px] font-semibold";
const CELL_FILL = { red: "fill-ruby-600", black: "fill-ink-900", green: "fill-brand-600" } as const;

function drawn(rect: Rect, orientation: Orientation): Rect {
  const turned = orient(rect, orientation);
  const scale = SCALE[orientation];
  return { x: turned.x * scale.x, y: turned.y * scale.y, w: turned.w * scale.x, h: turned.h * scale.y };
}

function centreOf(rect: Rect): { x: number; y: number } {
  return { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
}

/** A chip's face: the amount without trailing zeros, thousands as K. */
export function chipFace(amount: string): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const trimmed = fraction.replace(/0+$/, "");
  const units = BigInt(whole);
  if (units >= 1_000_000n) return `${units / 1_000_000n}M`;
  if (units >= 1_000n) return `${units / 1_000n}K`;
  return trimmed ? `${whole}.${trimmed}` : whole;
}

/** Rows of the grid: spots grouped by where their centre sits on screen, top to bottom, then left to right. */
function gridRows(orientation: Orientation): Spot[][] {
  const rows = new Map<number, Spot[]>();
  for (const spot of SPOTS) {
    const { y } = centreOf(orient(spot.rect, orientation));
    const key = Math.round(y * 4);
    rows.set(key, [...(rows.get(key) ?? []), spot]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, spots]) => spots.sort((a, b) => centreOf(orient(a.rect, orientation)).x - centreOf(orient(b.rect, orientation)).x));
}

type Props = {
  orientation: Orientation;
  chips: Placement;
  /** The chips' face values by spot, already formatted for people. */
  describeAmount: (spotId: string) => string | null;
  /** Spots that won the last spin. */
  winning: ReadonlySet<string>;
  /** The number the ball landed on, marked on the table. */
  landed: number | null;
  disabled: boolean;
  onPlace: (spotId: string) => void;
  chipFaceOf: (spotId: string) => string | null;
};

export function RouletteTable({ orientation, chips, describeAmount, winning, landed, disabled, onPlace, chipFaceOf }: Props) {
  const { t } = useTranslation("roulette");
  const [active, setActive] = useState("straight-17");
  const [focused, setFocused] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const spotRefs = useRef(new Map<string, SVGGElement>());
  const rows = useMemo(() => gridRows(orientation), [orientation]);
  const size = tableSize(orientation);
  const scale = SCALE[orientation];
  const pointed = SPOTS_BY_ID.get(focused ?? hovered ?? "");
  const covered = new Set(pointed?.numbers ?? []);
  const chipRadius = Math.min(scale.x, scale.y) * 0.36;

  function nameOf(spot: Spot): string {
    const numbers = spot.numbers.join(", ");
    const bet =
      spot.kind === "dozen"
        ? t("bet.dozen", { from: spot.numbers[0], to: spot.numbers.at(-1) })
        : spot.kind === "column"
          ? t("bet.column", { which: spot.which })
          : spot.kind === "red" || spot.kind === "black" || spot.kind === "odd" || spot.kind === "even" || spot.kind === "low" || spot.kind === "high"
            ? t(`bet.${spot.kind}`)
            : t(`bet.${spot.kind}`, { numbers });
    const amount = describeAmount(spot.id);
    const withStake = amount ? t("spotStake", { bet, amount }) : bet;
    return winning.has(spot.id) ? t("spotWon", { bet: withStake }) : withStake;
  }

  function onKeyDown(event: KeyboardEvent<SVGGElement>, spot: Spot) {
    const direction = KEYS[event.key];
    if (direction) {
      event.preventDefault();
      const next = spotToward(spot.id, direction, orientation);
      setActive(next);
      spotRefs.current.get(next)?.focus();
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      // Keeps the page's Space-to-spin from firing too.
      event.stopPropagation();
      if (!disabled) onPlace(spot.id);
    }
  }

  const label = (spot: Spot): string => {
    switch (spot.kind) {
      case "straight":
        return String(spot.numbers[0]);
      case "dozen":
        return t(`short.dozen${spot.which ?? 1}` as "short.dozen1");
      case "column":
        return t("short.column");
      case "low":
      case "high":
      case "even":
      case "odd":
        return t(`short.${spot.kind}`);
      default:
        return "";
    }
  };

  return (
    <svg
      viewBox={`-2 -2 ${size.w * scale.x + 4} ${size.h * scale.y + 4}`}
      className="block h-auto w-full touch-manipulation select-none"
      role="grid"
      aria-label={t("table.label")}
      aria-describedby="roulette-table-help"
      aria-disabled={disabled || undefined}
      data-roulette-table={orientation}
    >
      <g aria-hidden="true">
        <rect x={0} y={0} width={size.w * scale.x} height={size.h * scale.y} rx={6} className="fill-brand-800 stroke-gold-300/70" strokeWidth={2} />
        {SPOTS.filter((spot) => spot.shape === "cell").map((spot) => {
          const rect = drawn(spot.rect, orientation);
          const centre = centreOf(rect);
          const colour = spot.kind === "straight" ? CELL_FILL[numberColor(spot.numbers[0] ?? 0)] : "fill-transparent";
          const lit = covered.size > 0 && spot.numbers.every((number) => covered.has(number)) && spot.kind === "straight";
          const rotate = orientation === "upright" && spot.shape === "cell" && spot.kind !== "straight" && spot.kind !== "column";
          return (
            <Fragment key={spot.id}>
              <rect
                x={rect.x + 2}
                y={rect.y + 2}
                width={rect.w - 4}
                height={rect.h - 4}
                rx={spot.kind === "straight" ? 6 : 4}
                className={`${colour} ${lit ? "stroke-gold-300" : spot.kind === "straight" ? "stroke-transparent" : "stroke-white/35"}`}
                strokeWidth={lit ? 3 : 1}
              />
              {spot.kind === "straight" && landed === spot.numbers[0] && <circle cx={centre.x} cy={centre.y} r={chipRadius * 1.25} className="fill-none stroke-white" strokeWidth={2.5} strokeDasharray="4 3" />}
              {spot.kind === "red" || spot.kind === "black" ? (
                <path
                  d={`M${centre.x} ${centre.y - 10}L${centre.x + 14} ${centre.y}L${centre.x} ${centre.y + 10}L${centre.x - 14} ${centre.y}Z`}
                  transform={orientation === "upright" ? `rotate(90 ${centre.x} ${centre.y})` : undefined}
                  className={spot.kind === "red" ? "fill-ruby-600 stroke-white/60" : "fill-ink-900 stroke-white/60"}
                />
              ) : (
                <text
                  x={centre.x}
                  y={centre.y}
                  textAnchor="middle"
                  dominantBaseline="central"
                  transform={rotate ? `rotate(-90 ${centre.x} ${centre.y})` : undefined}
                  className={spot.kind === "straight" ? "fill-white text-[15px] font-bold" : FELT_TEXT}
                >
                  {label(spot)}
                </text>
              )}
            </Fragment>
          );
        })}
      </g>
      {rows.map((row, index) => (
        <g role="row" key={index}>
          {row.map((spot) => {
            const base = drawn(spot.rect, orientation);
            const hit =
              spot.shape === "cell"
                ? { x: base.x + CELL_INSET * scale.x, y: base.y + CELL_INSET * scale.y, w: base.w - 2 * CELL_INSET * scale.x, h: base.h - 2 * CELL_INSET * scale.y }
                : base;
            const centre = centreOf(base);
            const face = chipFaceOf(spot.id);
            const won = winning.has(spot.id);
            const isFocused = focused === spot.id;
            return (
              <g
                key={spot.id}
                ref={(element) => {
                  if (element) spotRefs.current.set(spot.id, element);
                  else spotRefs.current.delete(spot.id);
                }}
                role="gridcell"
                tabIndex={active === spot.id ? 0 : -1}
                aria-label={nameOf(spot)}
                aria-selected={spot.id in chips}
                data-spot={spot.id}
                className="cursor-pointer outline-none"
                onClick={() => {
                  setActive(spot.id);
                  if (!disabled) onPlace(spot.id);
                }}
                onKeyDown={(event) => onKeyDown(event, spot)}
                onFocus={() => {
                  setActive(spot.id);
                  setFocused(spot.id);
                }}
                onBlur={() => setFocused((current) => (current === spot.id ? null : current))}
                onPointerEnter={() => setHovered(spot.id)}
                onPointerLeave={() => setHovered((current) => (current === spot.id ? null : current))}
              >
                <rect x={hit.x} y={hit.y} width={hit.w} height={hit.h} rx={spot.shape === "edge" ? hit.w / 2 : 4} className={spot.shape === "edge" && (isFocused || hovered === spot.id) ? "fill-gold-300/70" : "fill-transparent"} />
                {won && <rect x={base.x + 1} y={base.y + 1} width={base.w - 2} height={base.h - 2} rx={6} className="fill-gold-300/25 stroke-gold-300" strokeWidth={3} data-won="" />}
                {isFocused && <rect x={base.x - 1} y={base.y - 1} width={base.w + 2} height={base.h + 2} rx={6} className="fill-none stroke-white" strokeWidth={3} strokeDasharray={spot.shape === "edge" ? undefined : "6 3"} />}
                {face && (
                  <g data-chip="" className="pointer-events-none">
                    <circle cx={centre.x} cy={centre.y} r={chipRadius} className={won ? "fill-gold-300 stroke-gold-700" : "fill-iris-500 stroke-white"} strokeWidth={2} strokeDasharray="3 2.2" />
                    <text x={centre.x} y={centre.y} textAnchor="middle" dominantBaseline="central" className={won ? "fill-ink-950 text-[9px] font-bold" : "fill-white text-[9px] font-bold"}>
                      {face}
                    </text>
                  </g>
                )}
              </g>
            );
          })}
        </g>
      ))}
    </svg>
  );
}
