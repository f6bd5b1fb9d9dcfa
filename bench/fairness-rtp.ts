// `node bench/fairness-rtp.ts [rounds per game]`: plays every original through the same functions
// that settle real rounds (one FloatStream per nonce under a random server seed) and prints the
// measured RTP with its standard error next to the declared one (and the exact RTP of the bet played where
// the game's rounding lowers it). The declared figures are proved
// exactly by the unit tests; this is the outside check that play agrees with them: PASS when the
// measured RTP is within 3 standard errors. Default 10,000,000 rounds per game (minutes per game on
// the 2-core VM); BENCH_GAMES=dice,keno limits the games.
import { randomBytes } from "node:crypto";
import {
  DECLARED_RTP,
  FloatStream,
  GAMES,
  choose,
  crashPoint,
  formatPercent,
  minesMultiplier,
  multiplyRatios,
  ratio,
  multiplierRatio,
  optimalAction,
  placeMines,
  playBlackjackSteps,
  settleMines,
  type BlackjackAction,
  type GameId,
  type Ratio,
} from "../packages/fairness/src/index.ts";

/** One fixed bet per game; every bet of a game returns its declared RTP (up to documented rounding). */
const BETS: Record<GameId, unknown> = {
  dice: { target: "49.50", condition: "under" },
  limbo: { target: "2.00" },
  roulette: { bets: [{ kind: "straight", numbers: [17] }] },
  plinko: { rows: 16, risk: "high" },
  // Reveals tiles 0, 1, 2... until a mine or 5 safe ones, then cashes out (see play below).
  mines: { mines: 3, reveals: [0, 1, 2, 3, 4] },
  keno: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: "high" },
  slot: {},
  crash: { target: "2.00" },
  // Plays each hand at its optimal action (see play below): the declared RTP assumes optimal play.
  blackjack: { actions: [] },
};

/**
 * The exact RTP of the bet played, where the game's rounding makes it differ from the declared one:
 * mines rounds each cash-out multiplier down to 2 decimals, so cashing out after 5 safe tiles of 3
 * mines pays 1.99 for a chance of C(22, 5) / C(25, 5), slightly under the declared 99%.
 */
const EXACT_BET_RTP: Partial<Record<GameId, Ratio>> = {
  mines: multiplyRatios(ratio(choose(22, 5), choose(25, 5)), multiplierRatio(minesMultiplier(3, 5))),
};

const rounds = Number(process.argv[2] ?? 10_000_000);
const only = process.env.BENCH_GAMES?.split(",");
const serverSeed = randomBytes(32).toString("hex");
const clientSeed = "bench";

function returnOf(outcome: unknown): number {
  const record = outcome as { payoutMultiplier?: string; bets?: { payoutMultiplier: string }[] };
  const multipliers = record.bets ? record.bets.map((bet) => bet.payoutMultiplier) : [record.payoutMultiplier ?? "0"];
  return multipliers.reduce((sum, multiplier) => {
    const { numerator, denominator } = multiplierRatio(multiplier);
    return sum + Number(numerator) / Number(denominator);
  }, 0);
}

function play(game: GameId, rules: { play(stream: FloatStream, params: unknown, seeds: unknown): unknown }, params: unknown, seeds: { serverSeed: string; clientSeed: string; nonce: number }): number {
  if (game === "crash") return crashPoint(seeds.serverSeed, seeds.clientSeed) >= 200 ? 2 : 0;
  if (game === "mines") {
    const mines = placeMines(new FloatStream(seeds), 3);
    const firstMine = [0, 1, 2, 3, 4].findIndex((tile) => mines.includes(tile));
    return returnOf(settleMines(mines, { mines: 3, reveals: [0, 1, 2, 3, 4].slice(0, firstMine === -1 ? 5 : firstMine + 1) }));
  }
  if (game === "blackjack") {
    const actions: BlackjackAction[] = [];
    for (;;) {
      const round = playBlackjackSteps(new FloatStream(seeds), actions);
      // The return per first stake: what the round paid less the stakes added by doubles and splits.
      if (round.finished) return returnOf(round) - (round.stakes - 1);
      actions.push(optimalAction(round));
    }
  }
  return returnOf(rules.play(new FloatStream(seeds), params, seeds));
}

console.log(`${rounds.toLocaleString("en")} rounds per game, server seed ${serverSeed}`);
for (const game of Object.keys(GAMES) as GameId[]) {
  if (only && !only.includes(game)) continue;
  const rules = GAMES[game] as { parse(input: unknown): unknown; play(stream: FloatStream, params: unknown, seeds: unknown): unknown };
  const params = rules.parse(BETS[game]);
  const startedAt = performance.now();
  let sum = 0;
  let sumOfSquares = 0;
  for (let nonce = 0; nonce < rounds; nonce += 1) {
    // Crash rounds come from a chain of hashes; a fresh hash per round stands in for it here.
    const seeds = game === "crash" ? { serverSeed: `${serverSeed}:${nonce}`, clientSeed, nonce: 0 } : { serverSeed, clientSeed, nonce };
    const value = play(game, rules, params, seeds);
    sum += value;
    sumOfSquares += value * value;
  }
  const mean = sum / rounds;
  const standardError = Math.sqrt((sumOfSquares / rounds - mean * mean) / rounds);
  const expected = EXACT_BET_RTP[game] ?? DECLARED_RTP[game];
  const pass = Math.abs(mean - Number(expected.numerator) / Number(expected.denominator)) <= 3 * standardError;
  const betNote = EXACT_BET_RTP[game] ? ` (this bet ${formatPercent(expected, 4)}%)` : "";
  const seconds = (performance.now() - startedAt) / 1000;
  console.log(
    `${game.padEnd(9)} measured ${(mean * 100).toFixed(4)}% ± ${(standardError * 100).toFixed(4)} (1 s.e.), declared ${formatPercent(DECLARED_RTP[game], 4)}%${betNote}, ` +
      `${pass ? "PASS" : "FAIL"} (within 3 s.e.), ${Math.round(rounds / seconds).toLocaleString("en")} rounds/s`,
  );
}
