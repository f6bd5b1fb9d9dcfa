import type { BlackjackAction, BlackjackHand } from "@playfair/fairness/games/blackjack";
import type { Card } from "@playfair/fairness/games/cards";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { cx } from "#app/lib/cx.ts";
import { BetAmountControl, OriginalShell, PlayButton, RoundResult, useBetAmount, useOriginalRounds, useReducedMotion, type OriginalInterfaceProps } from "../kit/index.ts";
import { isRedSuit, resultKey, SUIT_SYMBOLS, tableOf } from "./blackjack-view.ts";

const ACTIONS: readonly BlackjackAction[] = ["hit", "stand", "double", "split"];

/** One card, drawn by us: the rank in its corners and the suit in the middle; null is a card face down. */
function PlayingCard({ card, index }: { card: Card | null; index: number }) {
  const { t } = useTranslation("originals");
  const element = useRef<HTMLDivElement>(null);
  const reducedMotion = useReducedMotion();
  // A card slides in when it is dealt; with reduced motion it is simply there.
  useEffect(() => {
    if (reducedMotion || typeof element.current?.animate !== "function") return;
    element.current.animate([{ transform: "translateY(-1.5rem) scale(0.92)", opacity: 0 }, { transform: "none", opacity: 1 }], { duration: 240, easing: "ease-out" });
    // Only when the card first appears: a turned hole card keeps its place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  const common = "relative grid h-[4.6rem] w-[3.3rem] shrink-0 place-items-center rounded-lg shadow-[0_4px_12px_rgb(0_0_0/0.35)] sm:h-24 sm:w-[4.3rem]";
  const overlap = index > 0 ? "-ms-5 sm:-ms-6" : "";
  if (!card) {
    return (
      <div ref={element} role="img" aria-label={t("blackjack.faceDown")} className={cx(common, overlap, "border-2 border-white/70 bg-[repeating-linear-gradient(45deg,var(--color-brand-600)_0_6px,var(--color-brand-700)_6px_12px)]")} data-card="down" />
    );
  }
  const suit = SUIT_SYMBOLS[card.suit];
  return (
    <div
      ref={element}
      role="img"
      aria-label={t("blackjack.card", { rank: card.rank, suit: t(`blackjack.suits.${card.suit}`) })}
      className={cx(common, overlap, "bg-white font-bold", isRedSuit(card) ? "text-ruby-600" : "text-ink-900")}
      data-card={`${card.rank}${suit}`}
    >
      <span className="absolute start-1 top-0.5 text-sm leading-tight sm:text-base" aria-hidden="true">
        {card.rank}
      </span>
      <span className="text-2xl sm:text-3xl" aria-hidden="true">
        {suit}
      </span>
      <span className="absolute end-1 bottom-0.5 rotate-180 text-sm leading-tight sm:text-base" aria-hidden="true">
        {card.rank}
      </span>
    </div>
  );
}

function Total({ value, soft }: { value: number | null; soft?: boolean }) {
  const { t } = useTranslation("originals");
  if (value === null) return null;
  return (
    <span className="rounded-full bg-black/40 px-2.5 py-0.5 text-sm font-bold tabular-nums" data-total={value}>
      {soft && value < 21 ? t("blackjack.softTotal", { total: value }) : value}
    </span>
  );
}

function Hand({ hand, index, active, count }: { hand: BlackjackHand; index: number; active: boolean; count: number }) {
  const { t } = useTranslation("originals");
  const result = resultKey(hand.result);
  return (
    <div
      role="group"
      aria-label={count > 1 ? t("blackjack.handOf", { number: index + 1, count }) : t("blackjack.yourHand")}
      aria-current={active || undefined}
      className={cx("flex flex-col items-center gap-2 rounded-xl px-3 py-2 transition-colors motion-reduce:transition-none", active ? "bg-white/10 ring-2 ring-brand-300" : "")}
      data-hand={index}
      data-hand-result={hand.result ?? ""}
    >
      <div className="flex items-center" dir="ltr">
        {hand.cards.map((card, position) => (
          <PlayingCard key={position} card={card} index={position} />
        ))}
      </div>
      <div className="flex items-center gap-2">
        <Total value={hand.total} soft={hand.soft} />
        {hand.stakes === 2 && <span className="text-xs font-semibold text-on-stage-muted">{t("blackjack.doubled")}</span>}
        {result && <span className={cx("rounded-full px-2 py-0.5 text-xs font-bold", hand.result === "win" || hand.result === "blackjack" ? "bg-brand-400/20 text-brand-300" : "text-on-stage-muted")}>{t(result)}</span>}
      </div>
    </div>
  );
}

/** Playfair Blackjack: one hand against the dealer; hit, stand, double on two cards, split a pair once. */
export default function Blackjack({ identity, launch }: OriginalInterfaceProps) {
  const { t } = useTranslation("originals");
  const rounds = useOriginalRounds({ identity, launch, seedGame: "blackjack", resumable: true });
  const bet = useBetAmount(rounds);
  const open = rounds.openRound;
  const shown = open ?? (rounds.latest?.fairnessGame === "blackjack" ? rounds.latest : null);
  const table = tableOf(shown);

  function deal() {
    if (open || !bet.amount || bet.problem) return;
    void rounds.place(bet.amount, {});
  }

  function take(action: BlackjackAction) {
    if (!open || !table || rounds.busy || !table.allowed.includes(action)) return;
    void rounds.act(open.id, { action, step: table.step });
  }

  const stage = (
    <div className="flex w-full flex-col items-center gap-5 py-2" data-blackjack-table={open ? "open" : table ? "ended" : "idle"}>
      <div role="group" aria-label={t("blackjack.dealer")} className="flex flex-col items-center gap-2">
        <span className="text-xs font-semibold tracking-wide text-on-stage-muted uppercase">{t("blackjack.dealer")}</span>
        <div key={shown?.id ?? "none"} className="flex min-h-[4.6rem] items-center sm:min-h-24" dir="ltr">
          {table?.dealerCards.map((card, position) => <PlayingCard key={position} card={card} index={position} />)}
        </div>
        <Total value={table?.dealerTotal ?? null} />
      </div>
      <p className="text-center text-xs text-on-stage-muted">{t("blackjack.rules")}</p>
      <div key={shown?.id ?? "none"} className="flex flex-wrap items-start justify-center gap-3">
        {table?.hands.map((hand, index) => <Hand key={index} hand={hand} index={index} active={table.activeHand === index} count={table.hands.length} />)}
      </div>
      <RoundResult round={shown && shown.status !== "open" ? shown : null} />
    </div>
  );

  const panel = (
    <>
      <BetAmountControl bet={bet} rounds={rounds} disabled={rounds.busy || open !== null} />
      {open && table ? (
        <div role="group" aria-label={t("blackjack.actions")} className="grid grid-cols-2 gap-2">
          {ACTIONS.map((action) => (
            <Button key={action} variant="secondary" size="lg" disabled={rounds.busy || !table.allowed.includes(action)} onClick={() => take(action)} data-blackjack-action={action}>
              {t(`blackjack.action.${action}`)}
            </Button>
          ))}
        </div>
      ) : (
        <PlayButton onPlay={deal} busy={rounds.busy} disabled={bet.problem !== null} label={t("blackjack.deal")} />
      )}
    </>
  );

  return (
    <OriginalShell
      rounds={rounds}
      name={t("blackjack.name")}
      stage={stage}
      panel={panel}
      describeRound={(round) => {
        const view = tableOf(round);
        const actions = ((round.params as { actions?: BlackjackAction[] }).actions ?? []).map((action) => t(`blackjack.action.${action}`));
        return t("blackjack.recall", {
          actions: actions.length > 0 ? actions.join(", ") : t("blackjack.noActions"),
          player: view?.hands.map((hand) => hand.total).join(" / ") ?? "",
          dealer: view?.dealerTotal ?? "",
        });
      }}
    />
  );
}
