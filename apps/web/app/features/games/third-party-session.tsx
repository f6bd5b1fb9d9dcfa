import type { Game } from "@playfair/contracts/game/catalogue";
import type { GameLaunch } from "@playfair/contracts/game/launch";
import { GAME_BET_RESTRICTED_EVENT } from "@playfair/contracts/game/bet-restricted";
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { gameLimitOf, isGameLimitReason, JURISDICTION_LIMIT_REASONS, openGameLimitReached, type GameLimit } from "#app/features/limits/game-limit.ts";
import { netAfter, showsSessionBar } from "#app/features/limits/jurisdiction-session.ts";
import { SessionBar } from "#app/features/limits/session-bar.tsx";
import { requestConfirmation } from "#app/features/modals/confirmation-store.ts";
import { useRealtimeEvent } from "#app/features/realtime/use-realtime.ts";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { useLocalizedPath } from "#app/lib/locale-hooks.ts";
import { withQueryClient } from "#app/lib/query-client.tsx";
import { gameLimitText } from "./game-limit-words.ts";

// A studio game plays in the aggregator's frame, so what our page knows of it comes from the
// server: each round the seamless wallet settles is published on `game:spins#` with the session it
// was played in, and each stake the player's protection refused on `game:bets#`
// (`game.bet.restricted`).

type EndedRound = { id: string; stake: string; payout: string | null };

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
}

/** An ended round of this game session from a `game:spins#` publication, or null (another session, or still open). */
export function sessionRoundOf(data: unknown, sessionId: string): EndedRound | null {
  const publication = recordOf(data);
  const spin = recordOf(publication?.spin);
  if (!publication || !spin || publication.sessionId !== sessionId || spin.status === "open") return null;
  if (typeof spin.id !== "string" || typeof spin.stake !== "string") return null;
  return { id: spin.id, stake: spin.stake, payout: typeof spin.payout === "string" ? spin.payout : null };
}

/**
 * The net position of a session's ended rounds. A round published again (a late rollback changed
 * what it paid back) replaces its earlier figures instead of counting twice.
 */
export function sessionNet(rounds: ReadonlyMap<string, EndedRound>): string {
  let net = "0";
  for (const round of rounds.values()) net = netAfter(net, round);
  return net;
}

/**
 * The session bar over a studio game's frame when the player's jurisdiction asks for it (P11): the
 * net position of this session's real-money rounds and the time played. Play money stays with the
 * aggregator, so a demo shows the time only.
 */
function SessionBarOverFrame({ launch }: { launch: GameLaunch }) {
  const { money } = useMoneyFormat();
  const [rounds, setRounds] = useState<ReadonlyMap<string, EndedRound>>(() => new Map());
  useRealtimeEvent("game:spins", ({ data }) => {
    const round = sessionRoundOf(data, launch.sessionId);
    if (round) setRounds((previous) => new Map(previous).set(round.id, round));
  });
  const rules = launch.jurisdiction;
  if (!showsSessionBar(rules)) return null;
  const shown = launch.demo ? { ...rules, showNetPosition: false } : rules;
  if (!showsSessionBar(shown)) return null;
  return <SessionBar rules={shown} net={sessionNet(rounds)} currency={launch.currency} money={money} />;
}

/** The bar needs the wallet's currencies (a query) to format money: the game page has no query client of its own. */
export const ThirdPartySessionBar = withQueryClient(SessionBarOverFrame);

/** Calls `onRefused` for each stake of this studio's games the player's protection refused. */
function useStakeRefusals(provider: string, onRefused: (limit: GameLimit) => void): void {
  useRealtimeEvent("game:bets", ({ data }) => {
    const event = recordOf(data);
    if (!event || event.event !== GAME_BET_RESTRICTED_EVENT || event.provider !== provider || !isGameLimitReason(event.reason)) return;
    onRefused(gameLimitOf(event.reason, typeof event.message === "string" ? event.message : undefined));
  });
}

/** Opens the game limit reached modal when the player's protection refused a stake of this studio game. */
export function ThirdPartyStakeRefusals({ game }: { game: Game }) {
  useStakeRefusals(game.provider.identity, openGameLimitReached);
  return null;
}

/**
 * On a phone the game is itself the open modal, and the game limit modal in its place would end
 * the game. A refusal stacks over it instead, with the modal's title, words and actions: back to
 * the game (which waits, inert, underneath), or to the limits page where a limit of the player's
 * own refused the stake. A jurisdiction's cap offers only the way back.
 */
function StakeRefusalsOverGame({ provider }: { provider: string }) {
  const { t } = useTranslation("games");
  const { t: titles } = useTranslation("modals");
  const { money } = useMoneyFormat();
  const navigate = useNavigate();
  const localizedPath = useLocalizedPath();
  const showing = useRef(false);
  useStakeRefusals(provider, (limit) => {
    // The game underneath cannot stake while the notice is up; a late duplicate adds nothing.
    if (showing.current) return;
    showing.current = true;
    const ownLimit = !JURISDICTION_LIMIT_REASONS.includes(limit.reason);
    void requestConfirmation({
      title: titles("titles.game-limit-reached"),
      description: gameLimitText(t, money, limit),
      cancelLabel: t("limitReached.backToGame"),
      ...(ownLimit ? { confirmLabel: t("limitReached.toLimits") } : { notice: true }),
    }).then((toLimits) => {
      showing.current = false;
      if (toLimits) void navigate(localizedPath("/profile/limits"));
    });
  });
  return null;
}

/** The refusals of a studio game in the mobile game modal; money words need the wallet's currencies (a query). */
export const MobileGameStakeRefusals = withQueryClient(StakeRefusalsOverGame);
