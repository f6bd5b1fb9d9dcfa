// What the /fairness page offers without the engine: the games a player can recompute, each one's
// parameter fields with their defaults, and how the typed fields become the parameters a round
// stores. Kept apart from the engine (verifier-steps.ts), which loads only when a computation runs.

export const VERIFIER_GAMES = ["dice", "limbo", "plinko", "mines", "keno", "roulette", "slot", "cards"] as const;
export type VerifierGame = (typeof VERIFIER_GAMES)[number];

export type VerifierField =
  | { name: string; kind: "text"; inputMode: "decimal" | "numeric" | "text" }
  | { name: string; kind: "select"; options: readonly string[] };

const RISKS = ["low", "medium", "high"] as const;
const PLINKO_ROWS = ["8", "9", "10", "11", "12", "13", "14", "15", "16"] as const;
const MINES_COUNTS = Array.from({ length: 24 }, (_, index) => String(index + 1));
export const ROULETTE_OUTSIDE_BETS = ["red", "black", "odd", "even", "low", "high"] as const;

/** Each game's parameters as form fields, in the order shown. */
export const VERIFIER_FIELDS: Record<VerifierGame, readonly VerifierField[]> = {
  dice: [
    { name: "target", kind: "text", inputMode: "decimal" },
    { name: "condition", kind: "select", options: ["under", "over"] },
  ],
  limbo: [{ name: "target", kind: "text", inputMode: "decimal" }],
  plinko: [
    { name: "rows", kind: "select", options: PLINKO_ROWS },
    { name: "risk", kind: "select", options: RISKS },
  ],
  mines: [
    { name: "mines", kind: "select", options: MINES_COUNTS },
    { name: "reveals", kind: "text", inputMode: "text" },
  ],
  keno: [
    { name: "picks", kind: "text", inputMode: "text" },
    { name: "risk", kind: "select", options: RISKS },
  ],
  roulette: [{ name: "bet", kind: "select", options: ROULETTE_OUTSIDE_BETS }],
  slot: [],
  cards: [{ name: "count", kind: "text", inputMode: "numeric" }],
};

export const DEFAULT_FIELDS: Record<VerifierGame, Readonly<Record<string, string>>> = {
  dice: { target: "50.50", condition: "under" },
  limbo: { target: "2.00" },
  plinko: { rows: "16", risk: "medium" },
  mines: { mines: "3", reveals: "0" },
  keno: { picks: "1, 5, 9, 13, 40", risk: "medium" },
  roulette: { bet: "red" },
  slot: {},
  cards: { count: "6" },
};

/** The most cards the page deals in one computation: a blackjack round with splits needs far fewer. */
export const MAX_CARDS = 52;

export function isVerifierGame(value: string | null | undefined): value is VerifierGame {
  return value !== null && value !== undefined && (VERIFIER_GAMES as readonly string[]).includes(value);
}

/** "3, 7 12" -> [3, 7, 12]; anything that is not a whole number is kept as NaN so the engine refuses it. */
function integerList(text: string): number[] {
  return text
    .split(/[\s,;]+/)
    .filter((part) => part !== "")
    .map((part) => (/^\d+$/.test(part) ? Number(part) : Number.NaN));
}

/**
 * The parameters a round of the game stores, from the form's text: the same shape the play call
 * takes (dice and limbo targets as decimal strings, mines reveals and keno picks as numbers). The
 * engine validates them; this only reshapes.
 */
export function manualParams(game: VerifierGame, fields: Readonly<Record<string, string>>): Record<string, unknown> {
  const field = (name: string) => (fields[name] ?? DEFAULT_FIELDS[game][name] ?? "").trim();
  switch (game) {
    case "dice":
      return { target: field("target"), condition: field("condition") };
    case "limbo":
      return { target: field("target") };
    case "plinko":
      return { rows: Number(field("rows")), risk: field("risk") };
    case "mines":
      return { mines: Number(field("mines")), reveals: integerList(field("reveals")) };
    case "keno":
      return { picks: integerList(field("picks")), risk: field("risk") };
    case "roulette":
      return { bets: [{ kind: field("bet") }] };
    case "slot":
      return {};
    case "cards":
      return { count: Number(field("count")) };
  }
}

/** The verifier game of a fairness record's engine id (`dice`...), or null for one the page cannot show (crash). */
export function verifierGameOf(fairnessGame: string): VerifierGame | null {
  return fairnessGame !== "cards" && isVerifierGame(fairnessGame) ? fairnessGame : null;
}
