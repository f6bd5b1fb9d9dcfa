import { CRASH_GAME_IDENTITY, CRASH_MIN_AUTO_CASHOUT, crashMultiplierAt, type CrashBet } from "@playfair/contracts/game/crash";
import { DEMO_BALANCE, type Round } from "@playfair/contracts/game/play";
import { fromMinorUnits, toMinorUnits } from "@playfair/contracts/money";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { openGameLimitReached } from "#app/features/limits/game-limit.ts";
import type { OriginalInterfaceProps } from "../kit/types.ts";
import { walletQueryKeys } from "#app/features/wallet/wallet-api.ts";
import { useMoneyFormat, usePlayerId, useWalletAccounts } from "#app/features/wallet/use-wallet.ts";
import { cx } from "#app/lib/cx.ts";
import { BalanceReadout, BetAmountControl, payoutPreview, PlayButton, RecallPanel, RoundErrorNotice, roundErrorOf, useBetAmount, useReducedMotion, type RoundError } from "../kit/index.ts";
import { originalsKeys } from "../kit/originals-api.ts";
import { cashOutCrashBet, crashKeys, fetchCrashHistory, fetchCrashState, placeCrashBet } from "./crash-api.ts";

const STATE_POLL_MS = 400;
const HISTORY_POLL_MS = 5_000;

function hundredthsText(hundredths: number): string {
  return `${Math.floor(hundredths / 100)}.${String(hundredths % 100).padStart(2, "0")}`;
}

/** "2", "2.5" or "2.50" as hundredths, or null when it is no multiplier we take. */
function parseAutoCashout(text: string): number | null {
  if (!/^\d+(\.\d{1,2})?$/.test(text.trim())) return null;
  const [whole = "0", fraction = ""] = text.trim().split(".");
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return hundredths >= CRASH_MIN_AUTO_CASHOUT ? hundredths : null;
}

/** The server's time now, from the offset measured on the last state answer. */
function useServerNow(offsetMs: number, active: boolean, stepMs: number): number {
  const [now, setNow] = useState(() => Date.now() + offsetMs);
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => setNow(Date.now() + offsetMs), stepMs);
    return () => clearInterval(timer);
  }, [offsetMs, active, stepMs]);
  return now;
}

const CURVE_WIDTH = 400;
const CURVE_HEIGHT = 220;

/** The rising curve up to `elapsedMs`, scaled so the tip stays on the stage. */
function curvePath(elapsedMs: number): { line: string; tip: { x: number; y: number } } {
  const spanMs = Math.max(elapsedMs, 8_000);
  const top = Math.max(crashMultiplierAt(elapsedMs), 200);
  const point = (ms: number) => ({
    x: 8 + (ms / spanMs) * (CURVE_WIDTH - 24),
    y: CURVE_HEIGHT - 8 - ((crashMultiplierAt(ms) - 100) / (top - 100)) * (CURVE_HEIGHT - 28),
  });
  const steps = 48;
  const points = Array.from({ length: steps + 1 }, (_, index) => point((elapsedMs * index) / steps));
  return { line: points.map((p, index) => `${index === 0 ? "M" : "L"}${p.x.toFixed(1)},${p.y.toFixed(1)}`).join(" "), tip: points.at(-1)! };
}

/** Playfair Crash: one shared round; bet while it takes bets, cash out before it crashes. */
export default function Crash({ launch }: OriginalInterfaceProps) {
  const { t } = useTranslation("originals");
  const { money } = useMoneyFormat();
  const reducedMotion = useReducedMotion();
  const queryClient = useQueryClient();
  const playerId = usePlayerId();
  const accounts = useWalletAccounts({ enabled: !launch.demo });
  const [demoBalance, setDemoBalance] = useState(DEMO_BALANCE);
  const account = launch.demo ? null : (accounts.data?.find((candidate) => candidate.currency === launch.currency) ?? null);
  const bet = useBetAmount({ currency: launch.currency, stakes: launch.stakes ?? null, balance: launch.demo ? demoBalance : (account?.balance ?? null) });
  const autoId = useId();
  const [autoText, setAutoText] = useState("");
  const auto = autoText.trim() === "" ? null : parseAutoCashout(autoText);
  const [myBets, setMyBets] = useState<readonly CrashBet[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<RoundError | null>(null);
  const inFlight = useRef(false);

  const state = useQuery({ queryKey: crashKeys.state, queryFn: ({ signal }) => fetchCrashState(signal), refetchInterval: STATE_POLL_MS });
  const history = useQuery({ queryKey: crashKeys.history, queryFn: ({ signal }) => fetchCrashHistory(signal), refetchInterval: HISTORY_POLL_MS });
  const round = state.data?.round ?? null;
  // A round that ended settled this player's bets without an answer of their own: recall reloads.
  const lastEnded = history.data?.[0]?.id;
  useEffect(() => {
    if (!launch.demo && playerId && lastEnded) void queryClient.invalidateQueries({ queryKey: originalsKeys.recall(playerId, CRASH_GAME_IDENTITY) });
  }, [lastEnded, launch.demo, playerId, queryClient]);
  const describeBet = (entry: Round): string => {
    const outcome = entry.outcome as { crashPoint?: string | null; cashoutMultiplier?: string | null } | null;
    if (outcome?.cashoutMultiplier) return t("crash.recallCashed", { multiplier: outcome.cashoutMultiplier });
    return outcome?.crashPoint ? t("crash.recallCrashed", { point: outcome.crashPoint }) : "";
  };
  const offsetMs = state.data ? Date.parse(state.data.serverTime) - state.dataUpdatedAt : 0;
  const now = useServerNow(offsetMs, round?.status === "running" || round?.status === "betting", reducedMotion ? 250 : 50);

  const elapsedMs = round?.startedAt ? Math.max(0, now - Date.parse(round.startedAt)) : 0;
  const shown = round?.status === "crashed" && round.crashPoint ? Math.round(Number(round.crashPoint) * 100) : round?.status === "running" ? crashMultiplierAt(elapsedMs) : 100;
  const mine = round && round.status !== "crashed" ? myBets.find((candidate) => candidate.roundId === round.id && candidate.status === "active") : undefined;
  const secondsLeft = round?.status === "betting" ? Math.max(0, (Date.parse(round.bettingEndsAt) - now) / 1000) : 0;

  // Points of ended rounds, from the state and the history: a bet still active here ended with its
  // round (auto cash-outs at or under the point won, the rest lost) without an answer of its own.
  const points = new Map<string, number>();
  for (const record of history.data ?? []) if (record.crashPoint) points.set(record.id, Math.round(Number(record.crashPoint) * 100));
  if (round?.status === "crashed" && round.crashPoint) points.set(round.id, Math.round(Number(round.crashPoint) * 100));
  const endedWithRound = (candidate: CrashBet): CrashBet => {
    const point = points.get(candidate.roundId);
    if (candidate.status !== "active" || point === undefined) return candidate;
    const target = candidate.autoCashout === null ? null : Math.round(Number(candidate.autoCashout) * 100);
    if (target === null || target > point) return { ...candidate, status: "lost", payout: "0" };
    return { ...candidate, status: "cashed", cashoutMultiplier: candidate.autoCashout, payout: payoutPreview(candidate.amount, candidate.autoCashout!, bet.subunitToUnit) };
  };
  // The demo balance the last answer gave, plus what auto cash-outs have paid since (the server's rule, shown without a call).
  const autoPaid = launch.demo
    ? myBets.filter((candidate) => candidate.status === "active").map(endedWithRound).filter((candidate) => candidate.status === "cashed").reduce((sum, candidate) => sum + toMinorUnits(candidate.payout ?? "0", bet.subunitToUnit), 0n)
    : 0n;
  const balance = launch.demo ? fromMinorUnits(toMinorUnits(demoBalance, bet.subunitToUnit) + autoPaid, bet.subunitToUnit) : (account?.balance ?? null);
  const panelState = { currency: launch.currency, stakes: launch.stakes ?? null, balance, demo: launch.demo };

  async function run(call: () => Promise<{ data: CrashBet; balance: string }>) {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await call();
      if (launch.demo) setDemoBalance(answer.balance);
      else if (playerId) {
        queryClient.setQueryData<WalletAccount[]>(walletQueryKeys.accounts(playerId), (list) =>
          list?.map((candidate) => (candidate.currency === launch.currency ? { ...candidate, balance: answer.balance } : candidate)),
        );
      }
      // The answer's balance already counts every bet that ended before it.
      setMyBets((bets) => [answer.data, ...bets.filter((other) => other.id !== answer.data.id).map(endedWithRound)].slice(0, 20));
      void queryClient.invalidateQueries({ queryKey: crashKeys.state });
    } catch (failure) {
      const mapped = roundErrorOf(failure);
      if (mapped.kind === "limit") openGameLimitReached(mapped.limit);
      setError(mapped);
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  }

  const canBet = round?.status === "betting" && secondsLeft > 0 && !mine && bet.amount !== null && bet.problem === null && (autoText.trim() === "" || auto !== null);
  const canCashOut = round?.status === "running" && mine !== undefined;
  function play() {
    if (canCashOut && mine) void run(() => cashOutCrashBet(launch.sessionId, mine.id));
    else if (canBet && bet.amount) void run(() => placeCrashBet(launch.sessionId, auto === null ? { amount: bet.amount! } : { amount: bet.amount!, autoCashout: hundredthsText(auto) }, globalThis.crypto.randomUUID()));
  }

  const curve = curvePath(round?.status === "running" ? elapsedMs : 0);
  const crashed = round?.status === "crashed";
  const cashOutValue = mine ? payoutPreview(mine.amount, hundredthsText(shown), bet.subunitToUnit) : null;

  return (
    <section aria-label={t("crash.name")} className="flex min-w-0 flex-col gap-4" data-original="playfair-crash" data-original-mode={launch.demo ? "demo" : "real"}>
      <div className="grid min-w-0 gap-3 lg:grid-cols-[minmax(17rem,20rem)_minmax(0,1fr)]">
        <div className="relative order-1 flex min-h-72 min-w-0 flex-col gap-3 overflow-hidden rounded-xl bg-stage p-3 text-on-stage sm:min-h-96 sm:p-4 lg:order-2" data-original-stage="">
          <ol className="flex gap-1.5 overflow-x-auto text-xs font-bold tabular-nums" aria-label={t("crash.lastPoints")} dir="ltr">
            {(history.data ?? []).map((record) => (
              <li key={record.id} className="shrink-0">
                {record.crashPoint ? (
                  <LocalizedLink
                    to={`/fairness?crash=${encodeURIComponent(record.id)}`}
                    aria-label={t("crash.verifyRound", { point: record.crashPoint })}
                    className={cx("block rounded-full px-2 py-1 focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none", Number(record.crashPoint) >= 2 ? "bg-brand-500/20 text-brand-300" : "bg-white/10 text-on-stage-muted")}
                    data-crash-verify={record.id}
                  >
                    {record.crashPoint}×
                  </LocalizedLink>
                ) : (
                  <span className="block rounded-full bg-white/10 px-2 py-1 text-on-stage-muted">—</span>
                )}
              </li>
            ))}
          </ol>
          <div className="relative flex flex-1 items-center justify-center">
            <svg viewBox={`0 0 ${CURVE_WIDTH} ${CURVE_HEIGHT}`} className="absolute inset-0 size-full" preserveAspectRatio="none" aria-hidden="true">
              <defs>
                <linearGradient id="crash-fill" x1="0" y1="0" x2="0" y2="1">
                  <stop offset="0%" stopColor={crashed ? "var(--color-ruby-500)" : "var(--color-brand-400)"} stopOpacity="0.35" />
                  <stop offset="100%" stopColor={crashed ? "var(--color-ruby-500)" : "var(--color-brand-400)"} stopOpacity="0" />
                </linearGradient>
              </defs>
              {round?.status === "running" && elapsedMs > 0 && (
                <>
                  <path d={`${curve.line} L${curve.tip.x.toFixed(1)},${CURVE_HEIGHT - 8} L8,${CURVE_HEIGHT - 8} Z`} fill="url(#crash-fill)" />
                  <path d={curve.line} fill="none" stroke="var(--color-brand-400)" strokeWidth="4" strokeLinecap="round" vectorEffect="non-scaling-stroke" />
                </>
              )}
            </svg>
            <div className="relative flex flex-col items-center gap-2 text-center">
              <p className={cx("text-5xl font-extrabold tabular-nums sm:text-7xl", crashed ? "text-ruby-400" : round?.status === "running" ? "text-on-stage" : "text-on-stage-muted")} dir="ltr" data-crash-multiplier={hundredthsText(shown)}>
                {hundredthsText(shown)}×
              </p>
              <p className="text-sm font-semibold text-on-stage-muted" aria-live="polite" data-crash-phase={round?.status ?? "waiting"}>
                {round?.status === "betting"
                  ? t("crash.phase.betting", { seconds: secondsLeft.toFixed(1) })
                  : round?.status === "running"
                    ? t("crash.phase.running")
                    : crashed
                      ? t("crash.phase.crashed", { point: round?.crashPoint ?? "" })
                      : t("crash.phase.waiting")}
              </p>
            </div>
          </div>
        </div>
        <div className="order-2 flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-surface p-3 sm:p-4 lg:order-1" data-bet-panel="">
          <BalanceReadout rounds={panelState} />
          <BetAmountControl bet={bet} rounds={panelState} disabled={busy || mine !== undefined} />
          <div className="flex min-w-0 flex-col gap-1 text-sm">
            <label htmlFor={autoId} className="text-xs text-fg-muted">
              {t("crash.autoCashout")}
            </label>
            <input
              id={autoId}
              inputMode="decimal"
              dir="ltr"
              placeholder={t("crash.autoCashoutNone")}
              className={cx("h-11 w-full min-w-0 rounded-md border bg-surface-muted px-2 font-bold tabular-nums focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none xs:h-9", autoText.trim() !== "" && auto === null ? "border-error" : "border-border-strong")}
              value={autoText}
              disabled={busy || mine !== undefined}
              aria-invalid={(autoText.trim() !== "" && auto === null) || undefined}
              aria-describedby={autoText.trim() !== "" && auto === null ? `${autoId}-problem` : undefined}
              onChange={(event) => setAutoText(event.target.value)}
              data-crash-auto=""
            />
            {autoText.trim() !== "" && auto === null && (
              <p id={`${autoId}-problem`} className="text-xs text-error">
                {t("crash.autoCashoutRule")}
              </p>
            )}
          </div>
          <PlayButton
            onPlay={play}
            busy={busy}
            disabled={!canBet && !canCashOut}
            label={canCashOut ? t("crash.cashOut", { amount: cashOutValue === null ? "" : money(cashOutValue, launch.currency) }) : mine ? t("crash.betPlaced") : round?.status === "betting" ? t("crash.bet") : t("crash.waitNext")}
          />
          <RoundErrorNotice rounds={{ error, demo: launch.demo, dismissError: () => setError(null) }} />
        </div>
      </div>
      <div className="rounded-xl border border-border bg-surface p-3 sm:p-4">
        <h2 className="mb-2 text-sm font-bold">{t("crash.liveBets", { total: state.data?.bets.length ?? 0 })}</h2>
        {(state.data?.bets.length ?? 0) === 0 ? (
          <p className="text-sm text-fg-muted">{t("crash.noBets")}</p>
        ) : (
          <ul className="flex flex-col divide-y divide-border text-sm" data-crash-bets="">
            {state.data!.bets.map((row) => (
              <li key={row.id} className="flex items-center justify-between gap-3 py-1.5">
                <span className="min-w-0 truncate">{row.player}</span>
                <span className="tabular-nums">{money(row.amount, row.currency)}</span>
                <span className={cx("w-20 text-end font-bold tabular-nums", row.status === "cashed" ? "text-success" : row.status === "lost" ? "text-fg-muted line-through" : "text-fg-muted")} dir="ltr">
                  {row.cashoutMultiplier ? `${row.cashoutMultiplier}×` : "—"}
                </span>
              </li>
            ))}
          </ul>
        )}
      </div>
      {!launch.demo && playerId ? (
        <section aria-labelledby={`${autoId}-recall`} className="rounded-xl border border-border bg-surface p-3 sm:p-4" data-crash-recall="">
          <h2 id={`${autoId}-recall`} className="mb-2 text-sm font-bold">
            {t("kit.tabs.recall")}
          </h2>
          <RecallPanel rounds={{ identity: CRASH_GAME_IDENTITY, currency: launch.currency, demo: false, history: [] }} describe={describeBet} />
        </section>
      ) : null}
    </section>
  );
}
