// A settled blackjack round on /fairness: the card stream recomputed from the revealed seeds (the
// HMAC blocks, floats and each card, as the cards calculator shows them), then every step the round
// stored with the cards it drew and the hands after it, and the recomputed result beside the stored
// one. The engine (blackjack-replay.ts) loads only when such a round is checked.
import type { Card } from "@playfair/fairness/games/cards";
import { useCallback, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { BlackjackVerdict, ReplayDealer, ReplayDraw, ReplayHand, ReplayStep } from "./blackjack-replay.ts";
import { ComputationView } from "./computation-view.tsx";
import { useSeededVerdictText, useVerdict, VerdictLine } from "./round-verdict.tsx";
import { CheckIcon, CloseIcon } from "#app/components/icons.tsx";
import { cx } from "#app/lib/cx.ts";

const loadReplay = () => import("./blackjack-replay.ts");

const SUIT_SYMBOLS: Record<Card["suit"], string> = { diamonds: "♦", hearts: "♥", spades: "♠", clubs: "♣" };

/** What the page needs of the public round record. */
export type BlackjackRecord = { serverSeed: string; serverSeedHash: string; clientSeed: string; nonce: number; cursor: number; algorithmVersion: number; params: unknown; outcome: unknown };

/** A small card face: "10♥" to the eye, "ten of hearts" (in the page's language) to a screen reader. */
export function CardFace({ card }: { card: Card }) {
  const { t } = useTranslation("pages");
  const red = card.suit === "hearts" || card.suit === "diamonds";
  const label = `${card.rank}${SUIT_SYMBOLS[card.suit]}`;
  return (
    <span
      role="img"
      dir="ltr"
      aria-label={t("fairness.blackjack.card", { rank: t(`fairness.blackjack.ranks.${card.rank}`), suit: t(`fairness.blackjack.suits.${card.suit}`) })}
      className={cx("inline-flex h-8 min-w-7 shrink-0 items-center justify-center rounded-md border border-border bg-white px-1 font-mono text-xs font-bold shadow-sm", red ? "text-ruby-600" : "text-ink-900")}
      data-card-face={label}
    >
      <span aria-hidden="true">{label}</span>
    </span>
  );
}

function Cards({ cards }: { cards: readonly Card[] }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {cards.map((card, index) => (
        <CardFace key={index} card={card} />
      ))}
    </span>
  );
}

function HandLine({ label, cards, total, soft, extra }: { label: string; cards: readonly Card[]; total: number; soft: boolean; extra?: ReactNode }) {
  const { t } = useTranslation("pages");
  return (
    <div className="flex min-w-0 flex-wrap items-center gap-2 text-xs">
      <span className="min-w-16 font-semibold text-fg-muted">{label}</span>
      <Cards cards={cards} />
      <span className="tabular-nums text-fg">{soft ? t("fairness.blackjack.softTotal", { total }) : t("fairness.blackjack.total", { total })}</span>
      {extra}
    </div>
  );
}

function Hands({ hands, dealer, settled }: { hands: readonly ReplayHand[]; dealer: ReplayDealer; settled: boolean }) {
  const { t } = useTranslation("pages");
  return (
    <div className="flex flex-col gap-1.5 rounded-lg bg-surface-muted p-2">
      {hands.map((hand, index) => (
        <HandLine
          key={index}
          label={hands.length > 1 ? t("fairness.blackjack.handOf", { hand: index + 1 }) : t("fairness.blackjack.yourHand")}
          cards={hand.cards}
          total={hand.total}
          soft={hand.soft}
          extra={
            <>
              {hand.stakes === 2 ? <span className="text-fg-subtle">{t("fairness.blackjack.doubled")}</span> : null}
              {settled && hand.result ? (
                <span className="font-semibold text-fg" data-hand-result={hand.result}>
                  {t(`fairness.blackjack.result.${hand.result}`)} · {t("fairness.blackjack.returns", { multiplier: hand.returns ?? "0" })}
                </span>
              ) : null}
            </>
          }
        />
      ))}
      <HandLine label={t("fairness.blackjack.dealer")} cards={dealer.cards} total={dealer.total} soft={dealer.soft} />
    </div>
  );
}

function Draws({ draws }: { draws: readonly ReplayDraw[] }) {
  const { t } = useTranslation("pages");
  if (draws.length === 0) return <p className="text-xs text-fg-subtle">{t("fairness.blackjack.noDraw")}</p>;
  return (
    <ul className="flex flex-col gap-1 text-xs text-fg-muted">
      {draws.map((draw) => (
        <li key={draw.position} className="flex flex-wrap items-center gap-2" data-draw={draw.position}>
          <span>{t("fairness.blackjack.drew", { position: draw.position })}</span>
          <CardFace card={draw.card} />
          <span>{draw.to === "dealer" ? t("fairness.blackjack.toDealer") : t("fairness.blackjack.toHand", { hand: draw.to + 1 })}</span>
        </li>
      ))}
    </ul>
  );
}

function stepTitle(step: ReplayStep, t: ReturnType<typeof useTranslation<"pages">>["t"], split: boolean): string {
  if (step.kind === "deal") return t("fairness.blackjack.step.deal");
  if (step.kind === "dealer") return t(`fairness.blackjack.dealerPlay.${step.play}`);
  const action = t(`fairness.blackjack.action.${step.kind}`);
  return split ? t("fairness.blackjack.step.actionOnHand", { action, hand: step.hand + 1 }) : t("fairness.blackjack.step.action", { action });
}

/** The round's steps as an ordered list: what was done, which cards of the stream it drew, the hands after it. */
export function BlackjackReplay({ verdict }: { verdict: BlackjackVerdict }) {
  const { t } = useTranslation("pages");
  const split = verdict.steps.some((step) => step.kind === "split");
  return (
    <section className="flex min-w-0 flex-col gap-2" aria-labelledby="fairness-blackjack-replay">
      <h3 id="fairness-blackjack-replay" className="text-sm font-semibold text-fg">
        {t("fairness.blackjack.replayTitle")}
      </h3>
      <p className="text-sm text-fg-muted">{t("fairness.blackjack.replayHow")}</p>
      <ol className="flex list-decimal flex-col gap-3 ps-5" aria-labelledby="fairness-blackjack-replay" data-blackjack-replay="">
        {verdict.steps.map((step, index) => (
          <li key={index} className="flex min-w-0 flex-col gap-1.5" data-replay-step={step.kind}>
            <p className="text-sm font-medium text-fg">{stepTitle(step, t, split)}</p>
            <Draws draws={step.draws} />
            <Hands hands={step.hands} dealer={step.dealer} settled={step.kind === "dealer"} />
          </li>
        ))}
      </ol>
    </section>
  );
}

function Comparison({ verdict }: { verdict: BlackjackVerdict }) {
  const { t } = useTranslation("pages");
  const ok = verdict.outcomeMatches;
  return (
    <section className="flex min-w-0 flex-col gap-1 text-sm" data-blackjack-comparison={String(ok)}>
      <h3 className="text-sm font-semibold text-fg">{t("fairness.blackjack.comparisonTitle")}</h3>
      <p>{t("fairness.blackjack.recomputed", { multiplier: verdict.outcome.payoutMultiplier })}</p>
      <p>{t("fairness.blackjack.stored", { multiplier: verdict.storedPayoutMultiplier ?? "—" })}</p>
      <p className={cx("flex items-center gap-1.5 font-medium", ok ? "text-success" : "text-error")}>
        {ok ? <CheckIcon className="size-4 shrink-0" /> : <CloseIcon className="size-4 shrink-0" />}
        {ok ? t("fairness.blackjack.same") : t("fairness.blackjack.different")}
      </p>
    </section>
  );
}

/** The check of a settled blackjack round: the verdict, the round's facts, the stream, the replay, the comparison. */
export function BlackjackRoundCheck({ record, facts }: { record: BlackjackRecord; facts: ReactNode }) {
  const compute = useCallback(async () => (await loadReplay()).verifyBlackjackRecord(record), [record]);
  const verdict = useVerdict(compute);
  const verdictText = useSeededVerdictText();
  return (
    <div className="flex min-w-0 flex-col gap-4" data-blackjack-check="">
      <VerdictLine verdict={verdict} explain={verdictText} />
      {facts}
      {verdict !== null && verdict !== "failed" ? (
        <>
          <ComputationView computation={verdict.computation} />
          <BlackjackReplay verdict={verdict} />
          <Comparison verdict={verdict} />
        </>
      ) : null}
    </div>
  );
}
