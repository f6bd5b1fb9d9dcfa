import type { Round } from "@playfair/contracts/game/play";
import { useCallback, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { OriginalShell, PlayButton, useOriginalRounds, useReducedMotion, type OriginalInterfaceProps } from "#app/features/originals/kit/index.ts";
import { useCurrencies, useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { chipValues, hasChips } from "./bet-slip.ts";
import { RouletteControls, RouletteStage, useRouletteTable, type RouletteLanded } from "./roulette-board.tsx";
import { spotIdOfBet } from "./roulette-layout.ts";
import { SPIN_MS } from "./roulette-wheel.tsx";

/** Currencies the settings do not list (FUN, the demo's play money) count in hundredths. */
const DEFAULT_SUBUNIT = "100";
/** The result shows a moment after the wheel stops; the balance and history wait for both. */
const REVEAL_MS = SPIN_MS + 150;

/** The server's settled round as the wheel and table read it. */
export function landedOf(round: Round | null): RouletteLanded | null {
  if (!round || round.status !== "settled" || !round.outcome) return null;
  const pocket = Number((round.outcome as { pocket?: unknown }).pocket);
  if (!Number.isInteger(pocket)) return null;
  const bets = Array.isArray(round.params.bets) ? (round.params.bets as Record<string, unknown>[]) : [];
  const spotIds = bets.map(spotIdOfBet).filter((id): id is string => id !== null);
  return { id: round.id, pocket, payout: round.payout ?? "0", spotIds };
}

/** European roulette (playfair-roulette), mounted by the game page for a launched session. */
export default function Roulette({ identity, launch }: OriginalInterfaceProps) {
  const { t } = useTranslation("roulette");
  const { money } = useMoneyFormat();
  const reducedMotion = useReducedMotion();
  const currencies = useCurrencies();
  const rounds = useOriginalRounds({ identity, launch, seedGame: "roulette", revealMs: REVEAL_MS });
  const subunitToUnit = currencies.data?.byCode.get(launch.currency)?.subunitToUnit ?? DEFAULT_SUBUNIT;
  const chips = useMemo(() => chipValues(launch.stakes?.min ?? "0.10", subunitToUnit), [launch.stakes?.min, subunitToUnit]);
  const landed = useMemo(() => landedOf(rounds.latest), [rounds.latest]);
  const table = useRouletteTable({ subunitToUnit, chips, landed });
  const formatAmount = useCallback((amount: string) => money(amount, launch.currency), [money, launch.currency]);
  const busy = rounds.busy || table.wheelBusy;

  const spin = () => {
    if (busy || !hasChips(table.slip)) return;
    const { amount, params } = table.request();
    void rounds.place(amount, params).then((round) => round && table.spun());
  };

  return (
    <OriginalShell
      rounds={rounds}
      name={t("title")}
      describeRound={(round) => t("recallRow", { number: landedOf(round)?.pocket ?? "–" })}
      stage={<RouletteStage table={table} disabled={busy} reducedMotion={reducedMotion} formatAmount={formatAmount} />}
      panel={
        <>
          <RouletteControls table={table} disabled={busy} formatAmount={formatAmount} />
          <PlayButton onPlay={spin} busy={busy} disabled={!hasChips(table.slip)} label={t("actions.spin")} />
        </>
      }
    />
  );
}
