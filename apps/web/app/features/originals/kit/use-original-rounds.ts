import type { GameLaunch } from "@playfair/contracts/game/launch";
import { DEMO_BALANCE, type Round, type RoundActionRequest, type SeedGame } from "@playfair/contracts/game/play";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { openGameLimitReached } from "#app/features/limits/game-limit.ts";
import { walletQueryKeys } from "#app/features/wallet/wallet-api.ts";
import { usePlayerId, useWalletAccounts } from "#app/features/wallet/use-wallet.ts";
import { actOnRound, fetchOpenRound, originalsKeys, placeRound, type RoundAnswer } from "./originals-api.ts";
import { roundErrorOf, type RoundError } from "./round-errors.ts";
import type { StakeBounds } from "./bet-amount.ts";
import { netAfter } from "./jurisdiction.ts";
import { settleAfter, useReducedMotion } from "./motion.ts";

/** How many settled rounds the history strip keeps. */
export const HISTORY_SIZE = 20;

export type OriginalRounds = {
  identity: string;
  /** The seed family of the game's rounds (the fairness panel's seeds). */
  seedGame: SeedGame;
  launch: GameLaunch;
  demo: boolean;
  currency: string;
  stakes: StakeBounds | null;
  /**
   * What the player can stake now: the FUN balance of the demo session (from the round answers),
   * or the wallet account's live balance the header shows (null until the accounts are loaded).
   */
  balance: string | null;
  /** Rounds ended in this session, newest first. */
  history: readonly Round[];
  /**
   * The round of the last answer, set the moment it arrives: the stage animates from it, while
   * the balance and the history wait for the animation (`revealMs`) so they never spoil it.
   */
  latest: Round | null;
  /** The open round of a multi-step game (mines), or null. */
  openRound: Round | null;
  /** Wins minus stakes of the rounds ended since the game was opened (a decimal string): the session bar's net position. */
  net: string;
  busy: boolean;
  error: RoundError | null;
  /**
   * Bets a round. Answers the round (settled, or open for a multi-step game), or null when refused
   * (see `error`). With `freespinId` the round is one of the player's free spins (the amount is its spin value).
   */
  place(amount: string, params: Record<string, unknown>, freespinId?: string): Promise<Round | null>;
  /** A step of the open round (reveal, cash out). */
  act(roundId: string, action: RoundActionRequest): Promise<Round | null>;
  dismissError(): void;
};

function newKey(): string {
  return globalThis.crypto.randomUUID();
}

/**
 * The rounds of one launched original. The server's answers are the truth: each one carries the
 * balance right after it, which becomes the demo balance or the header's wallet balance at once
 * (the realtime account event confirms it a moment later). A refusal becomes `error`; a limit's
 * refusal also opens the game limit reached modal.
 */
export type OriginalRoundsOptions = {
  identity: string;
  seedGame: SeedGame;
  launch: GameLaunch;
  /** How long the stage's result animation runs; 0 (or reduced motion) shows the result at once. */
  revealMs?: number;
  /** A multi-step game (mines, blackjack): a round left open comes back after a reload. */
  resumable?: boolean;
};

/** Where a tab keeps its demo session of a game, so a demo board left open survives a reload. */
const demoSessionKey = (identity: string) => `playfair:demo-session:${identity}`;

function storedDemoSession(identity: string): string | null {
  try {
    return globalThis.sessionStorage?.getItem(demoSessionKey(identity)) ?? null;
  } catch {
    return null;
  }
}

function storeDemoSession(identity: string, sessionId: string): void {
  try {
    globalThis.sessionStorage?.setItem(demoSessionKey(identity), sessionId);
  } catch {
    // Storage refused (private mode): a reload then starts a fresh demo session, as before.
  }
}

export function useOriginalRounds({ identity, seedGame, launch, revealMs = 0, resumable = false }: OriginalRoundsOptions): OriginalRounds {
  const reducedMotion = useReducedMotion();
  const queryClient = useQueryClient();
  const playerId = usePlayerId();
  const accounts = useWalletAccounts({ enabled: !launch.demo });
  const [demoBalance, setDemoBalance] = useState(DEMO_BALANCE);
  const [history, setHistory] = useState<readonly Round[]>([]);
  const [openRound, setOpenRound] = useState<Round | null>(null);
  const [latest, setLatest] = useState<Round | null>(null);
  const [net, setNet] = useState("0");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<RoundError | null>(null);
  const inFlight = useRef(false);
  // The session new rounds go to: the launch's, or a demo session this tab left a board open in.
  const [resumed, setResumed] = useState<{ launched: string; session: string } | null>(null);
  const sessionId = resumed?.launched === launch.sessionId ? resumed.session : launch.sessionId;

  // After a reload the launch is a new session; the server answers the round left open (a real
  // player's in any of their sessions, a demo one in the session this tab kept) to continue it.
  useEffect(() => {
    if (!resumable) return;
    const controller = new AbortController();
    const asked = (launch.demo ? storedDemoSession(identity) : null) ?? launch.sessionId;
    const keepLaunched = () => {
      if (launch.demo) storeDemoSession(identity, launch.sessionId);
    };
    fetchOpenRound(asked, controller.signal)
      .then((answer) => {
        if (controller.signal.aborted) return;
        if (!answer.data) return keepLaunched();
        const round = answer.data;
        setOpenRound((current) => current ?? round);
        if (launch.demo) {
          setResumed({ launched: launch.sessionId, session: asked });
          if (answer.balance !== null) setDemoBalance(answer.balance);
        }
      })
      .catch(() => {
        if (!controller.signal.aborted) keepLaunched();
      });
    return () => controller.abort();
  }, [identity, launch.demo, launch.sessionId, resumable]);

  const account = launch.demo ? null : (accounts.data?.find((candidate) => candidate.currency === launch.currency) ?? null);
  const balance = launch.demo ? demoBalance : (account?.balance ?? null);

  const accept = useCallback(
    (answer: RoundAnswer) => {
      const round = answer.data;
      if (launch.demo) setDemoBalance(answer.balance);
      else if (playerId) {
        queryClient.setQueryData<WalletAccount[]>(walletQueryKeys.accounts(playerId), (list) =>
          list?.map((candidate) => (candidate.currency === launch.currency ? { ...candidate, balance: answer.balance } : candidate)),
        );
      }
      if (round.status === "open") {
        setOpenRound(round);
      } else {
        setOpenRound(null);
        setNet((current) => netAfter(current, round));
        setHistory((rounds) => [round, ...rounds.filter((other) => other.id !== round.id)].slice(0, HISTORY_SIZE));
        if (!launch.demo && playerId) void queryClient.invalidateQueries({ queryKey: originalsKeys.recall(playerId, identity) });
        if (!launch.demo && playerId) void queryClient.invalidateQueries({ queryKey: originalsKeys.seeds(playerId) });
      }
      return round;
    },
    [identity, launch.currency, launch.demo, playerId, queryClient],
  );

  const run = useCallback(
    async (call: () => Promise<RoundAnswer>): Promise<Round | null> => {
      // One request at a time: a held-down key or a double click is one round.
      if (inFlight.current) return null;
      inFlight.current = true;
      setBusy(true);
      setError(null);
      try {
        const answer = await call();
        setLatest(answer.data);
        if (answer.data.status !== "open") await settleAfter(revealMs, reducedMotion);
        return accept(answer);
      } catch (failure) {
        const mapped = roundErrorOf(failure);
        if (mapped.kind === "limit") openGameLimitReached(mapped.limit);
        setError(mapped);
        return null;
      } finally {
        inFlight.current = false;
        setBusy(false);
      }
    },
    [accept, revealMs, reducedMotion],
  );

  const place = useCallback(
    (amount: string, params: Record<string, unknown>, freespinId?: string) => run(() => placeRound(sessionId, { amount, params, ...(freespinId ? { freespinId } : {}) }, newKey())),
    [sessionId, run],
  );
  // A resumed round is played in the session it was placed in.
  const act = useCallback(
    (roundId: string, action: RoundActionRequest) => run(() => actOnRound(openRound?.id === roundId ? openRound.sessionId : sessionId, roundId, action)),
    [openRound, sessionId, run],
  );
  const dismissError = useCallback(() => setError(null), []);

  return useMemo(
    () => ({
      identity,
      seedGame,
      launch,
      demo: launch.demo,
      currency: launch.currency,
      stakes: launch.stakes ?? null,
      balance,
      history,
      latest,
      openRound,
      net,
      busy,
      error,
      place,
      act,
      dismissError,
    }),
    [identity, seedGame, launch, balance, history, latest, openRound, net, busy, error, place, act, dismissError],
  );
}
