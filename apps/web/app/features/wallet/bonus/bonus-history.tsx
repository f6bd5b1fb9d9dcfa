// The wallet history's bonuses tab (spec 3 "Transaction view state": bonuses, with paging): every
// bonus the player received, whatever its status, newest first, with what became of it. The list
// endpoint answers a player's bonuses whole (a player holds few), so the pages are cut here.
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { HistoryList } from "../history-list.tsx";
import { formatDateTime } from "../wallet-format.ts";
import { useMoneyFormat, usePlayerId } from "../use-wallet.ts";
import { BonusProgressBar } from "./bonus-progress-bar.tsx";
import { GiftIcon } from "#app/components/icons.tsx";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { bonusQueryKeys, fetchPlayerBonuses } from "#app/features/bonus-data/bonus-api.ts";
import { statusKeyOf, type StatusKey } from "#app/features/bonus-data/bonus-status-key.ts";
import { cx } from "#app/lib/cx.ts";

const ALL_STATUSES = [PLAYER_BONUS_STATUS.issued, PLAYER_BONUS_STATUS.active, PLAYER_BONUS_STATUS.finished] as const;
export const BONUSES_PER_PAGE = 10;

const OUTCOME_TONES: Record<StatusKey, BadgeTone> = { issued: "attention", active: "brand", played: "success", canceled: "neutral", expired: "error" };

/** One page of the bonuses, newest first. */
export function bonusPage(list: readonly PlayerBonus[], page: number) {
  const sorted = [...list].sort((left, right) => right.issuedAt.localeCompare(left.issuedAt));
  const totalPages = Math.max(1, Math.ceil(sorted.length / BONUSES_PER_PAGE));
  const current = Math.min(page, totalPages);
  return { data: sorted.slice((current - 1) * BONUSES_PER_PAGE, current * BONUSES_PER_PAGE), meta: { page: current, totalPages } };
}

export function BonusHistory({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation("wallet");
  const playerId = usePlayerId() ?? "";
  const bonuses = useQuery({
    queryKey: bonusQueryKeys.bonuses(playerId, ALL_STATUSES),
    queryFn: ({ signal }) => fetchPlayerBonuses(ALL_STATUSES, signal),
    select: (list: PlayerBonus[]) => bonusPage(list, page),
    placeholderData: keepPreviousData,
    enabled: playerId !== "",
  });
  return (
    <HistoryList
      query={bonuses}
      filtered={false}
      empty={{ title: t("history.bonuses.title"), description: t("history.bonuses.description") }}
      noMatch={{ title: t("history.bonuses.title"), description: t("history.bonuses.description") }}
      onReset={() => onPage(1)}
      onPage={onPage}
      row={(bonus) => <BonusRow key={bonus.id} bonus={bonus} />}
      listName="data-bonus-list"
    />
  );
}

function BonusRow({ bonus }: { bonus: PlayerBonus }) {
  const { t, i18n } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const outcome = statusKeyOf(bonus);
  const gone = outcome === "canceled" || outcome === "expired";
  const dates = [
    t("bonus.history.issued", { date: formatDateTime(bonus.issuedAt, i18n.language) }),
    bonus.finishedAt ? t("bonus.history.finished", { date: formatDateTime(bonus.finishedAt, i18n.language) }) : t("bonus.history.until", { date: formatDateTime(bonus.expiresAt, i18n.language) }),
  ];
  return (
    <li className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 rounded-xl border border-border bg-surface px-4 py-3 xs:gap-x-4" data-bonus-row={bonus.id} data-bonus-outcome={outcome}>
      <span aria-hidden="true" className={cx("grid size-10 shrink-0 place-items-center rounded-full", gone ? "bg-surface-muted text-fg-muted" : "bg-brand-soft text-brand-fg")}>
        <GiftIcon className="size-5" />
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-pretty break-words">{bonus.title}</p>
        <p className="text-xs text-fg-subtle">{dates.join(" · ")}</p>
      </div>
      <div className="flex max-w-[min(50vw,16rem)] flex-col items-end text-end">
        <p className={cx("font-semibold tabular-nums [overflow-wrap:anywhere]", gone && "text-fg-muted")}>
          <span dir="ltr">{money(bonus.amount, bonus.currency)}</span>
        </p>
        <Badge tone={OUTCOME_TONES[outcome]} className="mt-0.5">
          {t(`bonus.history.status.${outcome}`)}
        </Badge>
      </div>
      {outcome === "active" ? <BonusProgressBar bonus={bonus} className="col-span-full" /> : null}
      {outcome === "played" || gone ? (
        <p className="col-span-full border-t border-border pt-2 text-sm text-fg-muted" data-bonus-result="">
          {outcome === "played" ? t("bonus.history.converted", { amount: money(bonus.convertedAmount, bonus.currency) }) : t("bonus.history.forfeited")}
        </p>
      ) : null}
    </li>
  );
}
