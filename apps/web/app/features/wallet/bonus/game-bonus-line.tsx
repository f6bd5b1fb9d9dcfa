// The game page's bonus line (real play only): while a wagering bonus is active in the playing
// currency, how far its wagering is and the max bet; a stake refused for the max bet (the
// `game.bet.max.exceed` event on `game:bets#`) said plainly, naming the max bet; and the free spins
// the launch answer offers for this game.
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { GAME_BET_MAX_EXCEED_EVENT } from "@playfair/contracts/bonus/bonus-constants";
import type { Game } from "@playfair/contracts/game/catalogue";
import type { GameLaunch, GameLaunchFreespin } from "@playfair/contracts/game/launch";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "../use-wallet.ts";
import { BonusProgressBar } from "./bonus-progress-bar.tsx";
import { countsOnGame } from "./bonus-progress.ts";
import { rememberBonusMaxBet } from "./bonus-max-bet.ts";
import { useActiveBonus } from "#app/features/bonus-data/bonus-api.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { useRealtimeEvent } from "#app/features/realtime/use-realtime.ts";
import { withQueryClient } from "#app/lib/query-client.tsx";

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

type MaxBetRefusal = { maxBet: string; currency: string; amount: string };

/** A `game.bet.max.exceed` publication as the page needs it, or null for anything else on the channel. */
export function maxBetRefusalOf(data: unknown): MaxBetRefusal | null {
  const event = recordOf(data);
  const bonus = recordOf(event?.playerBonus);
  if (!event || !bonus || event.event !== GAME_BET_MAX_EXCEED_EVENT) return null;
  if (typeof bonus.maxBetAmount !== "string" || typeof bonus.currency !== "string" || typeof event.amount !== "string") return null;
  return { maxBet: bonus.maxBetAmount, currency: bonus.currency, amount: event.amount };
}

/** The launch answer's active free spins for this game (the server offers only active ones with spins left). */
export function launchFreespinOf(launch: GameLaunch): GameLaunchFreespin | null {
  return launch.freespin && launch.freespin.remaining > 0 ? launch.freespin : null;
}

function GameBonusLine({ game, launch }: { game: Game; launch: GameLaunch }) {
  const { active: bonus } = useActiveBonus(launch.demo ? null : launch.currency);
  const { money } = useMoneyFormat();
  const [refusal, setRefusal] = useState<MaxBetRefusal | null>(null);
  const maxBetText = bonus?.maxBet ? money(bonus.maxBet, bonus.currency) : null;
  useEffect(() => {
    rememberBonusMaxBet(maxBetText);
    return () => rememberBonusMaxBet(null);
  }, [maxBetText]);
  useRealtimeEvent("game:bets", ({ data }) => {
    const refused = maxBetRefusalOf(data);
    if (refused && !launch.demo && refused.currency === launch.currency) setRefusal(refused);
  });
  const freespin = launch.demo ? null : launchFreespinOf(launch);
  if (!bonus && !refusal && !freespin) return null;
  return (
    <div className="flex flex-col gap-2" data-game-bonus="">
      {refusal ? <MaxBetRefused refusal={refusal} onDismiss={() => setRefusal(null)} /> : null}
      {bonus ? <WageringLine bonus={bonus} game={game} /> : null}
      {freespin ? <FreespinOffer freespin={freespin} /> : null}
    </div>
  );
}

/** Lazily loaded beside the launched game, which has no query client of its own. */
export default withQueryClient(GameBonusLine);

function WageringLine({ bonus, game }: { bonus: PlayerBonus; game: Game }) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const counts = countsOnGame(bonus, game.identity);
  return (
    <div className="flex flex-col gap-1.5 rounded-lg border border-brand/25 bg-brand-soft/40 px-3.5 py-2.5 text-sm" data-game-wagering={bonus.id}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <ModalLink modal="wallet-bonus-info" className="font-semibold text-brand-fg underline-offset-4 hover:underline">
          {t("bonus.game.title")}
        </ModalLink>
        <span className="text-fg-muted" dir="ltr">
          {t("bonus.progress.text", { wagered: money(bonus.wagering.wagered, bonus.currency), required: money(bonus.wagering.required, bonus.currency) })}
        </span>
        {bonus.maxBet ? (
          <span className="ms-auto font-semibold" data-game-max-bet="">
            {t("bonus.game.maxBet", { amount: money(bonus.maxBet, bonus.currency) })}
          </span>
        ) : null}
      </div>
      <BonusProgressBar bonus={bonus} compact />
      {counts ? null : (
        <p className="text-xs text-attention" data-game-not-counting="">
          {t("bonus.game.notCounting")}
        </p>
      )}
    </div>
  );
}

function MaxBetRefused({ refusal, onDismiss }: { refusal: MaxBetRefusal; onDismiss: () => void }) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg bg-error-soft px-3.5 py-2.5 text-sm text-error" data-game-max-bet-refused="">
      <p className="min-w-0 flex-1">
        {t("bonus.game.maxBetRefused", { amount: money(refusal.amount, refusal.currency), maxBet: money(refusal.maxBet, refusal.currency) })}
      </p>
      <button type="button" className="rounded-md px-2 py-1 text-xs font-semibold underline focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none" onClick={onDismiss}>
        {t("bonus.game.dismiss")}
      </button>
    </div>
  );
}

function FreespinOffer({ freespin }: { freespin: GameLaunchFreespin }) {
  const { t } = useTranslation("wallet");
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border border-accent/30 bg-gold-400/10 px-3.5 py-2.5 text-sm" data-game-freespin={freespin.id}>
      <p className="min-w-0 flex-1 font-semibold" role="status">
        {t("bonus.game.freespinsActive", { count: freespin.remaining })}
      </p>
    </div>
  );
}
