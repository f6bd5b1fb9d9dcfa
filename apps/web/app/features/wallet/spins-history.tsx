// The wallet history's spins tab (spec 3 "Transaction view state", spec 2.2 filter panels): the
// player's game rounds, originals and studio games alike, with filters inline on desktop and in a
// panel on phones. A settled original links to /fairness to be recomputed. The list follows
// `game:spins#` publications (wallet-live.tsx), so a round appears without a reload.
import { CRASH_GAME_IDENTITY } from "@playfair/contracts/game/crash";
import type { SpinRow } from "@playfair/contracts/game/spins";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { CurrencyAndDateFilters, FilterPanel, SelectFilter, type FilterControlsProps } from "./history-filters.tsx";
import { Fact, HistoryList } from "./history-list.tsx";
import { activeFilterCount, orderedDates } from "./history-state.ts";
import { fetchSpins, NO_SPIN_FILTERS, spinQueryKeys, type SpinFilters } from "./wallet-api.ts";
import { formatDateTime } from "./wallet-format.ts";
import { useMoneyFormat, usePlayerId } from "./use-wallet.ts";
import { ShieldIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";

/** Our originals a player can pick in the game filter; studio games are reached through the source filter. */
const ORIGINAL_FILTER_GAMES = ["dice", "limbo", "mines", "plinko", "keno", "roulette", "slot"] as const;

const STATUS_TONES: Record<SpinRow["status"], BadgeTone> = { open: "attention", settled: "success", voided: "neutral" };

function SpinFilterControls({ filters, onChange, idPrefix }: FilterControlsProps<SpinFilters>) {
  const { t } = useTranslation("wallet");
  const known = ORIGINAL_FILTER_GAMES.map((game) => `playfair-${game}`);
  const set = <Key extends keyof SpinFilters>(key: Key, value: SpinFilters[Key]) => onChange({ ...filters, [key]: value });
  return (
    <>
      <SelectFilter id={`${idPrefix}-game`} label={t("history.spins.filters.game")} value={filters.game} onChange={(value) => set("game", value)} data={["data-spin-filter", "game"]}>
        {ORIGINAL_FILTER_GAMES.map((game) => (
          <option key={game} value={`playfair-${game}`}>
            {t(`history.spins.games.${game}`)}
          </option>
        ))}
        {filters.game !== "" && !known.includes(filters.game) ? <option value={filters.game}>{filters.game}</option> : null}
      </SelectFilter>
      <SelectFilter
        id={`${idPrefix}-source`}
        label={t("history.spins.filters.source")}
        value={filters.source}
        onChange={(value) => set("source", value as SpinFilters["source"])}
        data={["data-spin-filter", "source"]}
      >
        <option value="original">{t("history.spins.source.original")}</option>
        <option value="thirdParty">{t("history.spins.source.thirdParty")}</option>
      </SelectFilter>
      <SelectFilter
        id={`${idPrefix}-status`}
        label={t("history.filters.status")}
        value={filters.status}
        onChange={(value) => set("status", value as SpinFilters["status"])}
        data={["data-spin-filter", "status"]}
      >
        <option value="settled">{t("history.spins.status.settled")}</option>
        <option value="open">{t("history.spins.status.open")}</option>
        <option value="voided">{t("history.spins.status.voided")}</option>
      </SelectFilter>
      <CurrencyAndDateFilters filters={filters} onChange={onChange} idPrefix={idPrefix} dataAttribute="data-spin-filter" />
    </>
  );
}

function SpinRowItem({ spin }: { spin: SpinRow }) {
  const { t, i18n } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  return (
    <li className="rounded-xl border border-border bg-surface px-4 py-3" data-spin-row={spin.id} data-spin-status={spin.status} data-spin-game={spin.game}>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <p className="min-w-0 font-semibold break-words">{spin.gameName}</p>
        <Badge tone={STATUS_TONES[spin.status]}>{t(`history.spins.status.${spin.status}`)}</Badge>
        <p className="text-xs text-fg-subtle">
          {formatDateTime(spin.createdAt, i18n.language)} · {t(`history.spins.source.${spin.source}`)}
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm xs:grid-cols-4">
        <Fact label={t("history.spins.stake")} value={money(spin.stake, spin.currency)} />
        <Fact label={t("history.spins.payout")} value={spin.payout === null ? "—" : money(spin.payout, spin.currency)} />
        <Fact label={t("history.spins.multiplier")} value={spin.multiplier === null ? "—" : `${spin.multiplier}×`} />
        <Fact label={t("history.filters.currency")} value={spin.currency} />
      </dl>
      {spin.verifiable && spin.fairnessRoundId !== null ? (
        <LocalizedLink
          to={spin.game === CRASH_GAME_IDENTITY ? `/fairness?crash=${encodeURIComponent(spin.fairnessRoundId)}` : `/fairness?round=${encodeURIComponent(spin.fairnessRoundId)}`}
          className="mt-2 inline-flex min-h-11 items-center gap-1.5 text-sm font-semibold text-brand-fg underline-offset-2 hover:underline"
          aria-label={t("history.spins.verifyLabel", { game: spin.gameName, time: formatDateTime(spin.createdAt, i18n.language) })}
          data-spin-verify=""
        >
          <ShieldIcon className="size-4" />
          {t("history.spins.verify")}
        </LocalizedLink>
      ) : null}
    </li>
  );
}

export function SpinsHistory({
  filters,
  page,
  mobile,
  onFilters,
  onPage,
}: {
  filters: SpinFilters;
  page: number;
  mobile: boolean;
  /** New filters (the list starts again at page 1). */
  onFilters: (filters: SpinFilters) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation("wallet");
  const playerId = usePlayerId() ?? "";
  const spins = useQuery({
    queryKey: spinQueryKeys.spinPage(playerId, filters, page),
    queryFn: ({ signal }) => fetchSpins(filters, page, signal),
    placeholderData: keepPreviousData,
    enabled: playerId !== "",
  });
  const setFilters = (next: SpinFilters) => onFilters(orderedDates(next));
  return (
    <div className="flex flex-col gap-4" data-spins-history="">
      <FilterPanel filters={filters} none={NO_SPIN_FILTERS} mobile={mobile} onChange={setFilters} controls={SpinFilterControls} desktopGrid="xl:grid-cols-[repeat(6,minmax(0,1fr))_auto]" />
      <HistoryList
        query={spins}
        filtered={activeFilterCount(filters) > 0}
        empty={{ title: t("history.spins.title"), description: t("history.spins.description"), name: "data-spins-empty" }}
        noMatch={{ title: t("history.spins.noMatch"), description: t("history.spins.noMatchDescription") }}
        onReset={() => setFilters(NO_SPIN_FILTERS)}
        onPage={onPage}
        row={(spin) => <SpinRowItem key={spin.id} spin={spin} />}
        listName="data-spin-list"
      />
    </div>
  );
}
