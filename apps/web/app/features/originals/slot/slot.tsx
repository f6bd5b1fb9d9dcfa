import { mayCelebrate } from "@playfair/contracts/game/jurisdiction";
import type { Round } from "@playfair/contracts/game/play";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  BetAmountControl,
  displayMultiplier,
  OriginalShell,
  PlayButton,
  useBetAmount,
  useCycleGate,
  useOriginalRounds,
  useReducedMotion,
  type OriginalInterfaceProps,
} from "#app/features/originals/kit/index.ts";
import { Button } from "#app/components/ui/button.tsx";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { SlotCelebration, SlotReels, SlotWins, useSlotPlayback, type SlotRound } from "./slot-board.tsx";
import type { SlotRoundOutcome } from "./slot-outcome.ts";
import { SlotPaytable } from "./slot-paytable.tsx";

/** The server's settled round as the reels play it, or null when it is not a slot round. */
export function slotRoundOf(round: Round | null): SlotRound | null {
  if (!round || round.status !== "settled" || !round.outcome || !Array.isArray((round.outcome as { spins?: unknown }).spins)) return null;
  return { id: round.id, stake: round.stake, payout: round.payout ?? "0", outcome: round.outcome as unknown as SlotRoundOutcome };
}

type Held = { balance: string | null; history: readonly Round[] };

/**
 * Starfall (playfair-slot), mounted by the game page for a launched session. One press, one
 * round: there is no autoplay, turbo or slam-stop (UK rules forbid all three). The balance and the
 * history wait until the reels, and any free spins, have played the round out. Under the player's
 * jurisdiction rules (P11) the next spin waits for the minimum cycle, and a return not above the
 * stake is told plainly, without a win's colours or celebration.
 */
export default function Slot({ identity, launch }: OriginalInterfaceProps) {
  const { t } = useTranslation("slot");
  const { money } = useMoneyFormat();
  const reducedMotion = useReducedMotion();
  const rounds = useOriginalRounds({ identity, launch, seedGame: "slot" });
  const bet = useBetAmount(rounds);
  const [held, setHeld] = useState<Held | null>(null);
  const [requesting, setRequesting] = useState(false);
  const [closed, setClosed] = useState<string | null>(null);
  const round = useMemo(() => slotRoundOf(rounds.latest), [rounds.latest]);
  const onDone = useCallback(() => setHeld(null), []);
  const playback = useSlotPlayback(round, reducedMotion, onDone);
  const formatAmount = useCallback((amount: string) => money(amount, launch.currency), [money, launch.currency]);
  const rules = launch.jurisdiction ?? null;
  const cycle = useCycleGate(rules?.minCycleMs ?? 0);
  const celebrate = useCallback((played: SlotRound) => mayCelebrate(rules, played.stake, played.payout), [rules]);
  const busy = rounds.busy || requesting || !playback.done || cycle.waiting;
  // Free spins the launch offered for this game (real play only): each press plays one at its spin value.
  const [freespinsLeft, setFreespinsLeft] = useState(launch.demo ? 0 : (launch.freespin?.remaining ?? 0));

  const spin = (freespin?: { id: string; spinValue: string }) => {
    const amount = freespin ? freespin.spinValue : bet.amount;
    if (busy || !amount) return;
    cycle.started();
    setHeld({ balance: rounds.balance, history: rounds.history });
    setRequesting(true);
    void rounds.place(amount, {}, freespin?.id).then((placed) => {
      setRequesting(false);
      if (!placed) setHeld(null);
      else if (freespin) setFreespinsLeft((left) => Math.max(0, left - 1));
    });
  };
  const freespin = launch.freespin && freespinsLeft > 0 ? launch.freespin : null;

  // While a round plays out, the balance and history still show what they were before it.
  const shown = held ? { ...rounds, balance: held.balance, history: held.history } : rounds;

  return (
    <OriginalShell
      rounds={shown}
      name={t("title")}
      describeRound={(played) => t("recallRow", { spins: slotRoundOf(played)?.outcome.spins.length ?? 1, multiplier: displayMultiplier(played.multiplier ?? "0") })}
      stage={
        <div className="relative flex w-full max-w-2xl flex-col items-center gap-3" data-slot="">
          <SlotReels playback={playback} reducedMotion={reducedMotion} spinningAll={requesting} glow={!round || requesting || celebrate(round)} />
          <SlotWins round={requesting ? null : round} playback={playback} formatAmount={formatAmount} subunitToUnit={bet.subunitToUnit} celebrate={celebrate} />
          {round && closed !== round.id && !requesting && <SlotCelebration round={round} playback={playback} formatAmount={formatAmount} subunitToUnit={bet.subunitToUnit} onClose={() => setClosed(round.id)} />}
        </div>
      }
      panel={
        <>
          <BetAmountControl bet={bet} rounds={rounds} disabled={busy} />
          {freespin ? (
            <Button variant="secondary" size="lg" className="w-full font-bold" onClick={() => spin(freespin)} disabled={busy} aria-busy={busy} data-freespin-button={freespin.id}>
              {t("freeSpinOffer", { count: freespinsLeft, amount: formatAmount(freespin.spinValue) })}
            </Button>
          ) : null}
          <PlayButton onPlay={() => spin()} busy={busy} disabled={bet.problem !== null} label={t("spin")} />
          <SlotPaytable />
        </>
      }
    />
  );
}
