import { RECALL_SIZE, type Round } from "@playfair/contracts/game/play";
import { useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useMoneyFormat, usePlayerId } from "#app/features/wallet/use-wallet.ts";
import { formatDate } from "#app/lib/dates.ts";
import type { Language } from "#app/lib/date-locales.ts";
import { cx } from "#app/lib/cx.ts";
import { displayMultiplier, isWin } from "./format.ts";
import { fetchRecall, originalsKeys } from "./originals-api.ts";
import type { OriginalRounds } from "./use-original-rounds.ts";

/** How many steps a round took: a mines round's reveals; one for a single-step game. */
export function stepsOf(round: Round): number {
  const steps = round.outcome?.steps;
  return Array.isArray(steps) ? steps.length : 1;
}

function RecallList({ rounds, currency, describe }: { rounds: readonly Round[]; currency: string; describe?: (round: Round) => string }) {
  const { t, i18n } = useTranslation("originals");
  const { money } = useMoneyFormat();
  if (rounds.length === 0) return <p className="text-sm text-fg-muted">{t("kit.recall.empty")}</p>;
  return (
    <ol className="flex flex-col gap-2" data-recall-list="">
      {rounds.slice(0, RECALL_SIZE).map((round) => (
        <li key={round.id} className="rounded-lg border border-border p-3 text-sm" data-recall-round={round.id}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className={cx("font-bold tabular-nums", isWin(round) ? "text-success" : "text-fg")}>
              {round.status === "voided" ? t("kit.recall.voided") : round.status === "open" ? t("kit.recall.open") : `${displayMultiplier(round.multiplier ?? "0")}×`}
              {describe && round.outcome ? <span className="ms-2 font-normal text-fg-muted">{describe(round)}</span> : null}
            </span>
            <time className="text-xs text-fg-muted" dateTime={round.createdAt}>
              {formatDate(round.createdAt, "DD.MM.YY, HH:mm:ss", i18n.language as Language)}
            </time>
          </div>
          <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-xs sm:grid-cols-4">
            <div>
              <dt className="text-fg-muted">{t("kit.recall.stake")}</dt>
              <dd className="font-semibold">{money(round.stake, currency)}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("kit.recall.payout")}</dt>
              <dd className="font-semibold">{round.payout === null ? "—" : money(round.payout, currency)}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("kit.recall.steps")}</dt>
              <dd className="font-semibold">{stepsOf(round)}</dd>
            </div>
            <div>
              <dt className="text-fg-muted">{t("kit.recall.balance")}</dt>
              <dd className="font-semibold" dir="ltr">
                {money(round.balanceBefore, currency)} → {round.balanceAfter === null ? "—" : money(round.balanceAfter, currency)}
              </dd>
            </div>
          </dl>
        </li>
      ))}
    </ol>
  );
}

function PlayerRecall({ rounds, playerId, describe }: { rounds: Pick<OriginalRounds, "identity" | "currency">; playerId: string; describe?: (round: Round) => string }) {
  const { t } = useTranslation("originals");
  const recall = useQuery({ queryKey: originalsKeys.recall(playerId, rounds.identity), queryFn: ({ signal }) => fetchRecall(rounds.identity, signal) });
  if (recall.isPending) return <p className="text-sm text-fg-muted">{t("kit.recall.loading")}</p>;
  if (recall.isError) return <p className="text-sm text-error">{t("kit.recall.loadFailed")}</p>;
  return <RecallList rounds={recall.data} currency={rounds.currency} describe={describe} />;
}

/**
 * Game recall (P7): the last 10 rounds of this game with stake, outcome, steps and the balance
 * before and after. A signed-in player's come from the server (every currency they played in is
 * the session's here); a demo session's are this session's own.
 */
export function RecallPanel({ rounds, describe }: { rounds: Pick<OriginalRounds, "identity" | "currency" | "demo" | "history">; describe?: (round: Round) => string }) {
  const { t } = useTranslation("originals");
  const playerId = usePlayerId();
  return (
    <div className="flex flex-col gap-3" data-recall-panel={rounds.demo ? "demo" : "real"}>
      <p className="text-sm text-fg-muted">{rounds.demo || !playerId ? t("kit.recall.demoNote") : t("kit.recall.note")}</p>
      {rounds.demo || !playerId ? <RecallList rounds={rounds.history} currency={rounds.currency} describe={describe} /> : <PlayerRecall rounds={rounds} playerId={playerId} describe={describe} />}
    </div>
  );
}
