import { BLACKJACK_RTP_PERCENT, SLOT_RTP_PERCENT } from "@playfair/fairness";
import type { OriginalGameIdentity, SeedGame } from "@playfair/contracts/game/play";
import { DEMO_CURRENCY } from "@playfair/contracts/game/play";

// Our studio's originals as the play module knows them: which engine game settles each, its
// declared RTP, the stakes it takes per currency and whether a round takes several steps. The
// catalogue (names, art, collections) is another module's; this table is only what money needs.

export type StakeRange = { min: string; max: string };

export type OriginalGame = {
  identity: OriginalGameIdentity;
  /** The @playfair/fairness game that settles its rounds, and the seed family it draws from. */
  fairnessGame: SeedGame;
  /** Declared return to player in percent, derived from the rules (packages/fairness/README.md). */
  rtp: string;
  /** A multi-step round stays open between the player's actions (mines reveals and cash out, blackjack's hits, stands, doubles and splits). */
  multiStep: boolean;
  /** Min and max stake per currency; a currency not listed cannot be played. */
  stakes: Readonly<Record<string, StakeRange>>;
};

/**
 * Per-currency stake bounds, worth roughly 0.10 to 1,000 US dollars at the seeded rates (crypto
 * bounds are round numbers near that). One table for every original keeps the lobby predictable;
 * the slot's maximum is lower because its top wins are far above the others'.
 */
const STANDARD_STAKES: Readonly<Record<string, StakeRange>> = {
  USD: { min: "0.10", max: "1000.00" },
  EUR: { min: "0.10", max: "1000.00" },
  CAD: { min: "0.10", max: "1000.00" },
  PLN: { min: "0.50", max: "4000.00" },
  BRL: { min: "0.50", max: "5000.00" },
  MXN: { min: "2.00", max: "20000.00" },
  TRY: { min: "3.00", max: "30000.00" },
  UAH: { min: "4.00", max: "40000.00" },
  INR: { min: "10.00", max: "80000.00" },
  RUB: { min: "10.00", max: "90000.00" },
  KZT: { min: "50.00", max: "500000.00" },
  UZS: { min: "1000.00", max: "12000000.00" },
  BTC: { min: "0.000002", max: "0.02" },
  ETH: { min: "0.00003", max: "0.3" },
  USDT: { min: "0.10", max: "1000.00" },
  TRX: { min: "1", max: "8000" },
  TON: { min: "0.02", max: "200" },
  [DEMO_CURRENCY]: { min: "0.10", max: "100.00" },
};

const SLOT_STAKES: Readonly<Record<string, StakeRange>> = Object.fromEntries(
  Object.entries(STANDARD_STAKES).map(([currency, range]) => [currency, { min: range.min, max: tenth(range.max) }]),
);

/** A tenth of a decimal amount, exactly (shifts the decimal point). */
function tenth(amount: string): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  const digits = `${whole}${fraction}`;
  const scale = fraction.length + 1;
  const padded = digits.padStart(scale + 1, "0");
  return `${padded.slice(0, -scale).replace(/^0+(?=\d)/, "")}.${padded.slice(-scale)}`;
}

const ORIGINALS: readonly OriginalGame[] = [
  { identity: "playfair-dice", fairnessGame: "dice", rtp: "99.00", multiStep: false, stakes: STANDARD_STAKES },
  { identity: "playfair-limbo", fairnessGame: "limbo", rtp: "99.00", multiStep: false, stakes: STANDARD_STAKES },
  { identity: "playfair-mines", fairnessGame: "mines", rtp: "99.00", multiStep: true, stakes: STANDARD_STAKES },
  { identity: "playfair-plinko", fairnessGame: "plinko", rtp: "99.00", multiStep: false, stakes: STANDARD_STAKES },
  { identity: "playfair-keno", fairnessGame: "keno", rtp: "99.00", multiStep: false, stakes: STANDARD_STAKES },
  { identity: "playfair-roulette", fairnessGame: "roulette", rtp: "97.29", multiStep: false, stakes: STANDARD_STAKES },
  { identity: "playfair-slot", fairnessGame: "slot", rtp: SLOT_RTP_PERCENT, multiStep: false, stakes: SLOT_STAKES },
  // The stake is the first one; a double or a split adds as much again, each checked against the limits.
  { identity: "playfair-blackjack", fairnessGame: "blackjack", rtp: BLACKJACK_RTP_PERCENT, multiStep: true, stakes: STANDARD_STAKES },
];

const BY_IDENTITY = new Map<string, OriginalGame>(ORIGINALS.map((game) => [game.identity, game]));

/** An original launched here whose rounds another module plays (crash: one shared round for everyone). */
export type SharedRoundOriginal = { identity: OriginalGameIdentity; stakes: Readonly<Record<string, StakeRange>> };

const SHARED_ROUND_ORIGINALS: readonly SharedRoundOriginal[] = [{ identity: "playfair-crash", stakes: STANDARD_STAKES }];
const SHARED_BY_IDENTITY = new Map<string, SharedRoundOriginal>(SHARED_ROUND_ORIGINALS.map((game) => [game.identity, game]));

/** What a launch needs of an original: its stakes per currency. Crash included, unlike `originalGame`. */
export function launchableOriginal(identity: string): Pick<OriginalGame, "identity" | "stakes"> | undefined {
  return BY_IDENTITY.get(identity) ?? SHARED_BY_IDENTITY.get(identity);
}

/** The original whose rounds are played here, or undefined (third-party games, and crash, played by its own module). */
export function originalGame(identity: string): OriginalGame | undefined {
  return BY_IDENTITY.get(identity);
}

export function playableOriginals(): readonly OriginalGame[] {
  return ORIGINALS;
}
