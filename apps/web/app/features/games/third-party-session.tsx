import type { Game } from "@playfair/contracts/game/catalogue";
import type { GameLaunch } from "@playfair/contracts/game/launch";
import { GAME_BET_RESTRICTED_EVENT } from "@playfair/contracts/game/bet-restricted";
import { useState } from "react";
import { gameLimitOf, isGameLimitReason, openGameLimitReached } from "#app/features/limits/game-limit.ts";
import { netAfter, showsSessionBar } from "#app/features/limits/jurisdiction-session.ts";
import { SessionBar } from "#app/features/limits/session-bar.tsx";
import { useRealtimeEvent } from "#app/features/realtime/use-realtime.ts";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import { withQueryClient } from "#app/lib/query-client.tsx";

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

/** Opens the game limit reached modal when the player's protection refused a stake of this studio game. */
export function ThirdPartyStakeRefusals({ game }: { game: Game }) {
  useRealtimeEvent("game:bets", ({ data }) => {
    const event = recordOf(data);
    if (!event || event.event !== GAME_BET_RESTRICTED_EVENT || event.provider !== game.provider.identity || !isGameLimitReason(event.reason)) return;
    openGameLimitReached(gameLimitOf(event.reason, typeof event.message === "string" ? event.message : undefined));
  });
  return null;
}
