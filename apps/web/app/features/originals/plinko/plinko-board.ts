// The plinko board's geometry in SVG units: pegs, slots and the ball's path from the round's
// left/right steps (the server's outcome), so the ball lands in the slot the round settled on.

export const BOARD_WIDTH = 400;
const TOP = 24;
const ROWS_HEIGHT = 300;
export const SLOT_HEIGHT = 26;

export type Point = { x: number; y: number };

export function spacingFor(rows: number): number {
  return BOARD_WIDTH / (rows + 2);
}

export function rowHeight(rows: number): number {
  return ROWS_HEIGHT / rows;
}

export function boardHeight(rows: number): number {
  return TOP + rows * rowHeight(rows) + SLOT_HEIGHT + 8;
}

/** Row r has r + 3 pegs, centred; the first row's middle peg is under the drop point. */
export function pegs(rows: number): Point[] {
  const spacing = spacingFor(rows);
  const points: Point[] = [];
  for (let row = 0; row < rows; row += 1) {
    for (let index = 0; index < row + 3; index += 1) points.push({ x: BOARD_WIDTH / 2 + (index - (row + 2) / 2) * spacing, y: TOP + row * rowHeight(rows) });
  }
  return points;
}

/** The centre of slot k (0 = all lefts) under the last row. */
export function slotCenter(rows: number, slot: number): Point {
  return { x: BOARD_WIDTH / 2 + (slot - rows / 2) * spacingFor(rows), y: TOP + rows * rowHeight(rows) + SLOT_HEIGHT / 2 };
}

/** The ball's stops: above the first peg, on top of the peg each row, then in its slot. */
export function ballPath(path: readonly number[], ballRadius: number): Point[] {
  const rows = path.length;
  const spacing = spacingFor(rows);
  const lift = ballRadius + 4;
  const points: Point[] = [{ x: BOARD_WIDTH / 2, y: 0 }];
  let rights = 0;
  path.forEach((step, row) => {
    points.push({ x: BOARD_WIDTH / 2 + (rights - (row - rights)) * (spacing / 2), y: TOP + row * rowHeight(rows) - lift });
    if (step === 1) rights += 1;
  });
  // The ball comes to rest on top of its slot, not over the slot's multiplier.
  const slot = slotCenter(rows, rights);
  points.push({ x: slot.x, y: slot.y - SLOT_HEIGHT / 2 - ballRadius + 2 });
  return points;
}

/** A slot's colour by its multiplier: the rare high ones hot, the common low ones cool. */
export function slotTone(hundredths: number): string {
  if (hundredths >= 1000) return "var(--color-ruby-500)";
  if (hundredths >= 300) return "var(--color-ruby-400)";
  if (hundredths >= 150) return "var(--color-gold-500)";
  if (hundredths >= 100) return "var(--color-gold-300)";
  return "var(--color-iris-400)";
}
