// A settled blackjack round replayed on /fairness: the card stream recomputed from the seeds, then
// every step the round stored (the deal, each action, the dealer's play), each naming the cards of
// the stream it drew and the hands after it. The states come from @playfair/fairness
// `playBlackjackSteps` (what the server replays on every action) and the outcome from `verifyRound`
// (what settled the round); this module only places each drawn card. Like verifier-steps.ts, it
// carries the engine and loads only when a blackjack round is checked.
import {
  ALGORITHM_VERSION,
  FloatStream,
  cardValue,
  drawCards,
  isNatural,
  parseBlackjackParams,
  playBlackjackSteps,
  verifyRound,
  type BlackjackAction,
  type BlackjackOutcome,
  type BlackjackRound,
  type Card,
  type HandResult,
} from "@playfair/fairness";
import { compute, sameJson, type Computation } from "./verifier-steps.ts";

/** A card taken from the stream: its 1-based place in it and where it went (a hand's index, or the dealer). */
export type ReplayDraw = { position: number; card: Card; to: number | "dealer" };

export type ReplayHand = { cards: Card[]; total: number; soft: boolean; stakes: number; result: HandResult | null; returns: string | null };

export type ReplayDealer = { cards: Card[]; total: number; soft: boolean };

/** Why the dealer drew what it did once the player was done. */
export type DealerPlay = "draws" | "stands" | "playerBlackjack" | "dealerBlackjack" | "allBust";

export type ReplayStep =
  | { kind: "deal"; draws: ReplayDraw[]; hands: ReplayHand[]; dealer: ReplayDealer }
  | { kind: BlackjackAction; hand: number; draws: ReplayDraw[]; hands: ReplayHand[]; dealer: ReplayDealer }
  | { kind: "dealer"; play: DealerPlay; draws: ReplayDraw[]; hands: ReplayHand[]; dealer: ReplayDealer };

export type ReplaySeeds = { serverSeed: string; clientSeed: string; nonce: number; cursor: number };

/** Thrown when the stored steps and the stream disagree on a card: the round cannot be replayed as stored. */
export class ReplayMismatchError extends Error {}

function handView(hand: BlackjackRound["hands"][number]): ReplayHand {
  return { cards: hand.cards, total: hand.total, soft: hand.soft, stakes: hand.stakes, result: hand.result, returns: hand.returns };
}

function dealerView(cards: Card[]): ReplayDealer {
  const hard = cards.reduce((sum, card) => sum + cardValue(card), 0);
  const soft = cards.some((card) => card.rank === "A") && hard + 10 <= 21;
  return { cards, total: soft ? hard + 10 : hard, soft };
}

/**
 * The round's steps from its seeds and stored actions. The cards each step drew are read off the
 * states before and after it (a split hand keeps its first card; hands take their cards in order,
 * then the dealer), and each must be the next card of the stream, or the replay refuses.
 */
export function blackjackReplay(seeds: ReplaySeeds, actions: readonly BlackjackAction[]): { steps: ReplayStep[]; stream: Card[]; outcome: BlackjackRound } {
  const streamOf = () => new FloatStream(seeds, seeds.cursor);
  const final = playBlackjackSteps(streamOf(), actions);
  if (!final.finished) throw new ReplayMismatchError("the stored actions leave a hand unfinished");
  const stream = drawCards(streamOf(), final.cardsDealt);
  let taken = 0;
  const take = (to: number | "dealer", card: Card): ReplayDraw => {
    const next = stream[taken];
    if (!next || next.index !== card.index) throw new ReplayMismatchError(`card ${taken + 1} of the stream is not the one the round holds`);
    taken += 1;
    return { position: taken, card: next, to };
  };

  let before = playBlackjackSteps(streamOf(), []);
  const [up, hole] = [stream[1]!, stream[3]!];
  const firstHand = before.hands[0]!;
  const dealt = [take(0, firstHand.cards[0]!), take("dealer", up), take(0, firstHand.cards[1]!), take("dealer", hole)];
  const dealerAtDeal = dealerView([up, hole]);
  const steps: ReplayStep[] = [{ kind: "deal", draws: dealt, hands: before.hands.map(handView), dealer: dealerAtDeal }];

  actions.forEach((action, index) => {
    const after = playBlackjackSteps(streamOf(), actions.slice(0, index + 1));
    const draws: ReplayDraw[] = [];
    after.hands.forEach((hand, handIndex) => {
      const had = action === "split" ? 1 : (before.hands[handIndex]?.cards.length ?? 0);
      for (const card of hand.cards.slice(had)) draws.push(take(handIndex, card));
    });
    steps.push({ kind: action, hand: before.activeHand ?? 0, draws, hands: after.hands.map(handView), dealer: dealerAtDeal });
    before = after;
  });

  const draws = final.dealer.cards.slice(2).map((card) => take("dealer", card));
  if (taken !== stream.length) throw new ReplayMismatchError("the round drew cards no step accounts for");
  const playerNatural = final.hands.length === 1 && !final.hands[0]!.split && isNatural(final.hands[0]!.cards.map(cardValue));
  const dealerNatural = isNatural([up, hole].map(cardValue));
  const play: DealerPlay = playerNatural
    ? "playerBlackjack"
    : dealerNatural
      ? "dealerBlackjack"
      : final.hands.every((hand) => hand.total > 21)
        ? "allBust"
        : draws.length > 0
          ? "draws"
          : "stands";
  steps.push({ kind: "dealer", play, draws, hands: final.hands.map(handView), dealer: dealerView(final.dealer.cards) });
  return { steps, stream, outcome: final };
}

/** A blackjack round's public record (GET /api/game/fairness/rounds/{id}) once its server seed is revealed. */
export type RevealedBlackjackRound = ReplaySeeds & { serverSeedHash: string; algorithmVersion: number; params: unknown; outcome: unknown };

export type BlackjackVerdict = {
  /** The HMAC blocks, floats and each card of the stream, as the cards calculator shows them. */
  computation: Computation;
  steps: ReplayStep[];
  /** The recomputed outcome's hands and total return, to set beside the stored ones. */
  outcome: BlackjackOutcome;
  storedPayoutMultiplier: string | null;
  hashMatches: boolean;
  outcomeMatches: boolean;
  verified: boolean;
};

/** Recomputes a settled blackjack round, replays its steps and compares the outcome with the stored one. */
export function verifyBlackjackRecord(record: RevealedBlackjackRound): BlackjackVerdict {
  const { actions } = parseBlackjackParams(record.params);
  const seeds = { serverSeed: record.serverSeed, clientSeed: record.clientSeed, nonce: record.nonce, cursor: record.cursor };
  const { outcome } = verifyRound("blackjack", { ...seeds, params: { actions }, algorithmVersion: record.algorithmVersion ?? ALGORITHM_VERSION });
  const replay = blackjackReplay(seeds, actions);
  const computation = compute({ game: "cards", ...seeds, params: { count: outcome.cardsDealt }, committedHash: record.serverSeedHash });
  const hashMatches = computation.hashMatches === true;
  const outcomeMatches = sameJson(outcome, record.outcome);
  const stored = (record.outcome as { payoutMultiplier?: unknown } | null)?.payoutMultiplier;
  return {
    computation,
    steps: replay.steps,
    outcome,
    storedPayoutMultiplier: typeof stored === "string" ? stored : null,
    hashMatches,
    outcomeMatches,
    verified: hashMatches && outcomeMatches,
  };
}
