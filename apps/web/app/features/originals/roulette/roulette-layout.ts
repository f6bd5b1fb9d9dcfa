import { coveredNumbers, RED_NUMBERS, type RouletteBet, type RouletteBetKind } from "@playfair/fairness/games/roulette";

// The betting table as we draw it, in table units (one number cell is 1 x 1). Laid out the
// classic way across (zero on the left, 3-6-9... on the top row, dozens and the even-money bets
// underneath), and turned upright for narrow screens (zero on top, outside bets on the left).
// Every place a chip can go is a "spot": a number cell, a dozen, or a point on the lines between
// numbers (splits, streets, corners, lines). Each spot maps to exactly one bet the engine accepts.

export type Rect = { x: number; y: number; w: number; h: number };
export type Orientation = "across" | "upright";

export type Spot = {
  id: string;
  kind: RouletteBetKind;
  /** What the bet covers (for highlighting and labels). */
  numbers: number[];
  /** Dozen or column: 1, 2 or 3. */
  which?: number;
  /** Where it is, laid out across. Cells are the painted boxes; edge spots are small hit areas on the lines. */
  rect: Rect;
  shape: "cell" | "edge";
};

/** Width and height of the table laid out across. */
export const TABLE_ACROSS = { w: 14, h: 5 } as const;
const EDGE = 0.34;

export function numberColor(number: number): "green" | "red" | "black" {
  return number === 0 ? "green" : RED_NUMBERS.includes(number) ? "red" : "black";
}

/** The cell of number n (1-36): column 0-11 left to right, row 0 (3, 6...) to 2 (1, 4...). */
function numberCell(number: number): { column: number; row: number } {
  return { column: Math.floor((number - 1) / 3), row: 2 - ((number - 1) % 3) };
}

const edgeAt = (x: number, y: number): Rect => ({ x: x - EDGE / 2, y: y - EDGE / 2, w: EDGE, h: EDGE });
const sortedId = (kind: string, numbers: number[]) => `${kind}-${[...numbers].sort((a, b) => a - b).join("-")}`;

function insideSpot(kind: RouletteBetKind, numbers: number[], x: number, y: number): Spot {
  const sorted = [...numbers].sort((a, b) => a - b);
  return { id: sortedId(kind, sorted), kind, numbers: sorted, rect: edgeAt(x, y), shape: "edge" };
}

function buildSpots(): Spot[] {
  const spots: Spot[] = [{ id: "straight-0", kind: "straight", numbers: [0], rect: { x: 0, y: 0, w: 1, h: 3 }, shape: "cell" }];
  for (let number = 1; number <= 36; number += 1) {
    const { column, row } = numberCell(number);
    spots.push({ id: `straight-${number}`, kind: "straight", numbers: [number], rect: { x: 1 + column, y: row, w: 1, h: 1 }, shape: "cell" });
  }
  // The zero's splits, streets and the first four.
  spots.push(insideSpot("split", [0, 3], 1, 0.5), insideSpot("split", [0, 2], 1, 1.5), insideSpot("split", [0, 1], 1, 2.5));
  spots.push(insideSpot("street", [0, 2, 3], 1, 1), insideSpot("street", [0, 1, 2], 1, 2), insideSpot("corner", [0, 1, 2, 3], 1, 3));
  for (let column = 0; column < 12; column += 1) {
    const base = column * 3;
    const left = 1 + column;
    // Splits up and down a column: 1|2 and 2|3 (rows 2|1 and 1|0).
    spots.push(insideSpot("split", [base + 2, base + 3], left + 0.5, 1), insideSpot("split", [base + 1, base + 2], left + 0.5, 2));
    spots.push(insideSpot("street", [base + 1, base + 2, base + 3], left + 0.5, 3));
    if (column < 11) {
      // Splits across to the next column, the corners between four and the six-line.
      spots.push(insideSpot("split", [base + 3, base + 6], left + 1, 0.5), insideSpot("split", [base + 2, base + 5], left + 1, 1.5), insideSpot("split", [base + 1, base + 4], left + 1, 2.5));
      spots.push(insideSpot("corner", [base + 2, base + 3, base + 5, base + 6], left + 1, 1), insideSpot("corner", [base + 1, base + 2, base + 4, base + 5], left + 1, 2));
      spots.push(insideSpot("line", [base + 1, base + 2, base + 3, base + 4, base + 5, base + 6], left + 1, 3));
    }
  }
  for (const which of [1, 2, 3]) {
    spots.push({ id: `dozen-${which}`, kind: "dozen", which, numbers: coveredNumbers({ kind: "dozen", which }), rect: { x: 1 + (which - 1) * 4, y: 3, w: 4, h: 1 }, shape: "cell" });
    spots.push({ id: `column-${which}`, kind: "column", which, numbers: coveredNumbers({ kind: "column", which }), rect: { x: 13, y: 3 - which, w: 1, h: 1 }, shape: "cell" });
  }
  (["low", "even", "red", "black", "odd", "high"] as const).forEach((kind, index) => {
    spots.push({ id: kind, kind, numbers: coveredNumbers({ kind }), rect: { x: 1 + index * 2, y: 4, w: 2, h: 1 }, shape: "cell" });
  });
  return spots;
}

/** Every spot of the table, each a distinct bet. */
export const SPOTS: readonly Spot[] = buildSpots();
export const SPOTS_BY_ID: ReadonlyMap<string, Spot> = new Map(SPOTS.map((spot) => [spot.id, spot]));

/** The bet a spot stands for, as the rounds API takes it (without its amount). */
export function betOfSpot(spot: Spot): RouletteBet {
  if (spot.kind === "dozen" || spot.kind === "column") return { kind: spot.kind, which: spot.which ?? 1 };
  if (spot.kind === "straight" || spot.kind === "split" || spot.kind === "street" || spot.kind === "corner" || spot.kind === "line") return { kind: spot.kind, numbers: [...spot.numbers] };
  return { kind: spot.kind };
}

/** A rectangle laid out across, in the given orientation (upright: zero on top, outside bets on the left). */
export function orient(rect: Rect, orientation: Orientation): Rect {
  if (orientation === "across") return rect;
  return { x: TABLE_ACROSS.h - (rect.y + rect.h), y: rect.x, w: rect.h, h: rect.w };
}

export function tableSize(orientation: Orientation): { w: number; h: number } {
  return orientation === "across" ? TABLE_ACROSS : { w: TABLE_ACROSS.h, h: TABLE_ACROSS.w };
}

export type Direction = "up" | "down" | "left" | "right";

/**
 * The spot an arrow key moves to from `fromId`, as the table is seen: the nearest spot whose
 * centre lies that way, favouring ones straight ahead. Stays put at the table's edge.
 */
export function spotToward(fromId: string, direction: Direction, orientation: Orientation): string {
  const from = SPOTS_BY_ID.get(fromId);
  if (!from) return SPOTS[0]!.id;
  const centre = (spot: Spot) => {
    const rect = orient(spot.rect, orientation);
    return { x: rect.x + rect.w / 2, y: rect.y + rect.h / 2 };
  };
  const origin = centre(from);
  let best: { id: string; score: number } | null = null;
  for (const spot of SPOTS) {
    if (spot.id === from.id) continue;
    const point = centre(spot);
    const dx = point.x - origin.x;
    const dy = point.y - origin.y;
    const ahead = direction === "right" ? dx : direction === "left" ? -dx : direction === "down" ? dy : -dy;
    const aside = direction === "right" || direction === "left" ? Math.abs(dy) : Math.abs(dx);
    // Ahead by a sliver, not sideways: a step is along the arrow's line first.
    if (ahead <= 0.05 || aside > ahead * 1.5 + 0.3) continue;
    const score = ahead + aside * 3;
    if (!best || score < best.score) best = { id: spot.id, score };
  }
  return best?.id ?? from.id;
}

/** The wheel's pockets clockwise from zero (European single-zero order). */
export const WHEEL_ORDER: readonly number[] = [
  0, 32, 15, 19, 4, 21, 2, 25, 17, 34, 6, 27, 13, 36, 11, 30, 8, 23, 10, 5, 24, 16, 33, 1, 20, 14, 31, 9, 22, 18, 29, 7, 28, 12, 35, 3, 26,
];

/** The bets (by spot id) that win when the ball lands on `pocket`. */
export function winningSpotIds(pocket: number, spotIds: Iterable<string>): string[] {
  return [...spotIds].filter((id) => SPOTS_BY_ID.get(id)?.numbers.includes(pocket) ?? false);
}

/** The spot of a bet as the server echoes it (kind with its numbers or its dozen/column), if it is on our table. */
export function spotIdOfBet(bet: { kind?: unknown; numbers?: unknown; which?: unknown }): string | null {
  const kind = String(bet.kind ?? "");
  const id =
    kind === "dozen" || kind === "column"
      ? `${kind}-${String(bet.which)}`
      : Array.isArray(bet.numbers)
        ? sortedId(kind, bet.numbers.map(Number))
        : kind;
  return SPOTS_BY_ID.has(id) ? id : null;
}
