// The wallet history's spins tab (spec 3 "Transaction view state", spec 2.2 filter panels): the
// player's game rounds, originals and studio games alike, with filters inline on desktop and in a
// panel on phones. A settled original links to /fairness to be recomputed. The list follows
// `game:spins#` publications (wallet-live.tsx), so a round appears without a reload.
import { CRASH_GAME_IDENTITY } from "@playfair/contracts/game/crash";
import type { SpinRow } from "@playfair/contracts/game/spins";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { activeFilterCount, orderedDates } from "./history-state.ts";
import { fetchSpins, NO_SPIN_FILTERS, spinQueryKeys, type SpinFilters } from "./wallet-api.ts";
import { formatDateTime } from "./wallet-format.ts";
import { FilterIcon, PlainSelect } from "./wallet-pieces.tsx";
import { useMoneyFormat, usePlayerId, useWalletAccounts } from "./use-wallet.ts";
import { ShieldIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Input } from "#app/components/ui/input.tsx";

/** Our originals a player can pick in the game filter; studio games are reached through the source filter. */
const ORIGINAL_FILTER_GAMES = ["dice", "limbo", "mines", "plinko", "keno", "roulette", "slot"] as const;

const STATUS_TONES: Record<SpinRow["status"], BadgeTone> = { open: "attention", settled: "success", voided: "neutral" };

function SpinFilterControls({ filters, onChange, idPrefix }: { filters: SpinFilters; onChange: (filters: SpinFilters) => void; idPrefix: string }) {
  const { t } = useTranslation("wallet");
  const accounts = useWalletAccounts();
  const codes = [...new Set([...(accounts.data ?? []).map((account) => account.currency), ...(filters.currency ? [filters.currency] : [])])];
  const known = ORIGINAL_FILTER_GAMES.map((game) => `playfair-${game}`);
  const set = <Key extends keyof SpinFilters>(key: Key, value: SpinFilters[Key]) => onChange({ ...filters, [key]: value });
  const field = (name: string, label: string, control: ReactNode) => (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={`${idPrefix}-${name}`} className="text-xs font-semibold text-fg-muted">
        {label}
      </label>
      {control}
    </div>
  );
  return (
    <>
      {field(
        "game",
        t("history.spins.filters.game"),
        <PlainSelect id={`${idPrefix}-game`} className="h-10" value={filters.game} onChange={(event) => set("game", event.target.value)} data-spin-filter="game">
          <option value="">{t("history.filters.any")}</option>
          {ORIGINAL_FILTER_GAMES.map((game) => (
            <option key={game} value={`playfair-${game}`}>
              {t(`history.spins.games.${game}`)}
            </option>
          ))}
          {filters.game !== "" && !known.includes(filters.game) ? <option value={filters.game}>{filters.game}</option> : null}
        </PlainSelect>,
      )}
      {field(
        "source",
        t("history.spins.filters.source"),
        <PlainSelect id={`${idPrefix}-source`} className="h-10" value={filters.source} onChange={(event) => set("source", event.target.value as SpinFilters["source"])} data-spin-filter="source">
          <option value="">{t("history.filters.any")}</option>
          <option value="original">{t("history.spins.source.original")}</option>
          <option value="thirdParty">{t("history.spins.source.thirdParty")}</option>
        </PlainSelect>,
      )}
      {field(
        "status",
        t("history.filters.status"),
        <PlainSelect id={`${idPrefix}-status`} className="h-10" value={filters.status} onChange={(event) => set("status", event.target.value as SpinFilters["status"])} data-spin-filter="status">
          <option value="">{t("history.filters.any")}</option>
          <option value="settled">{t("history.spins.status.settled")}</option>
          <option value="open">{t("history.spins.status.open")}</option>
          <option value="voided">{t("history.spins.status.voided")}</option>
        </PlainSelect>,
      )}
      {field(
        "currency",
        t("history.filters.currency"),
        <PlainSelect id={`${idPrefix}-currency`} className="h-10" value={filters.currency} onChange={(event) => set("currency", event.target.value)} data-spin-filter="currency">
          <option value="">{t("history.filters.any")}</option>
          {codes.map((code) => (
            <option key={code} value={code}>
              {code}
            </option>
          ))}
        </PlainSelect>,
      )}
      {field(
        "from",
        t("history.filters.from"),
        <Input id={`${idPrefix}-from`} type="date" className="h-10" value={filters.dateFrom} max={filters.dateTo || undefined} onChange={(event) => set("dateFrom", event.target.value)} data-spin-filter="dateFrom" />,
      )}
      {field(
        "to",
        t("history.filters.to"),
        <Input id={`${idPrefix}-to`} type="date" className="h-10" value={filters.dateTo} min={filters.dateFrom || undefined} onChange={(event) => set("dateTo", event.target.value)} data-spin-filter="dateTo" />,
      )}
    </>
  );
}

function DesktopSpinFilters({ filters, onChange }: { filters: SpinFilters; onChange: (filters: SpinFilters) => void }) {
  const { t } = useTranslation("wallet");
  const id = useId();
  return (
    <section aria-label={t("history.filters.title")} className="rounded-xl border border-border bg-surface p-4" data-filter-panel="desktop">
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 xl:grid-cols-[repeat(6,minmax(0,1fr))_auto]">
        <SpinFilterControls filters={filters} onChange={onChange} idPrefix={id} />
        <Button variant="ghost" size="sm" className="h-10" disabled={activeFilterCount(filters) === 0} onClick={() => onChange(NO_SPIN_FILTERS)}>
          {t("history.filters.reset")}
        </Button>
      </div>
    </section>
  );
}

function MobileSpinFilters({ filters, onApply }: { filters: SpinFilters; onApply: (filters: SpinFilters) => void }) {
  const { t } = useTranslation("wallet");
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(filters);
  const id = useId();
  const count = activeFilterCount(filters);
  return (
    <div data-filter-panel="mobile">
      <Button
        variant="secondary"
        size="sm"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        onClick={() => {
          setDraft(filters);
          setOpen((value) => !value);
        }}
      >
        <FilterIcon className="size-4" />
        {t("history.filters.title")}
        {count > 0 ? (
          <Badge tone="brand" className="h-5 px-1.5">
            {count}
          </Badge>
        ) : null}
      </Button>
      <section id={`${id}-panel`} hidden={!open} aria-label={t("history.filters.title")} className="mt-3 rounded-xl border border-border bg-surface p-4 shadow-card">
        {open ? (
          <>
            <div className="grid grid-cols-1 gap-3">
              <SpinFilterControls filters={draft} onChange={setDraft} idPrefix={id} />
            </div>
            <div className="mt-4 flex gap-2">
              <Button
                variant="ghost"
                className="flex-1"
                onClick={() => {
                  setDraft(NO_SPIN_FILTERS);
                  onApply(NO_SPIN_FILTERS);
                  setOpen(false);
                }}
              >
                {t("history.filters.reset")}
              </Button>
              <Button
                className="flex-1"
                onClick={() => {
                  onApply(draft);
                  setOpen(false);
                }}
              >
                {t("history.filters.apply")}
              </Button>
            </div>
          </>
        ) : null}
      </section>
    </div>
  );
}

function SpinRowItem({ spin }: { spin: SpinRow }) {
  const { t, i18n } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const fact = (label: string, value: string) => (
    <div className="min-w-0">
      <dt className="text-xs text-fg-subtle">{label}</dt>
      <dd className="font-semibold break-all">
        <span dir="ltr">{value}</span>
      </dd>
    </div>
  );
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
        {fact(t("history.spins.stake"), money(spin.stake, spin.currency))}
        {fact(t("history.spins.payout"), spin.payout === null ? "—" : money(spin.payout, spin.currency))}
        {fact(t("history.spins.multiplier"), spin.multiplier === null ? "—" : `${spin.multiplier}×`)}
        {fact(t("history.filters.currency"), spin.currency)}
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
  onChange,
  pager,
  skeleton,
  failed,
}: {
  filters: SpinFilters;
  page: number;
  mobile: boolean;
  onChange: (filters: SpinFilters, page: number) => void;
  pager: (page: number, totalPages: number) => ReactNode;
  skeleton: ReactNode;
  failed: (retry: () => void) => ReactNode;
}) {
  const { t } = useTranslation("wallet");
  const playerId = usePlayerId() ?? "";
  const spins = useQuery({
    queryKey: spinQueryKeys.spinPage(playerId, filters, page),
    queryFn: ({ signal }) => fetchSpins(filters, page, signal),
    placeholderData: keepPreviousData,
    enabled: playerId !== "",
  });
  const setFilters = (next: SpinFilters) => onChange(orderedDates(next), 1);
  const filtered = activeFilterCount(filters) > 0;
  const meta = spins.data?.meta;
  return (
    <div className="flex flex-col gap-4" data-spins-history="">
      {mobile ? <MobileSpinFilters filters={filters} onApply={setFilters} /> : <DesktopSpinFilters filters={filters} onChange={setFilters} />}
      {spins.isPending ? (
        skeleton
      ) : spins.isError ? (
        failed(() => void spins.refetch())
      ) : spins.data.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border-strong bg-surface/60" data-spins-empty="">
          <EmptyState
            size="inline"
            headingLevel={2}
            title={filtered ? t("history.spins.noMatch") : t("history.spins.title")}
            description={filtered ? t("history.spins.noMatchDescription") : t("history.spins.description")}
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => setFilters(NO_SPIN_FILTERS)}>
                  {t("history.filters.reset")}
                </Button>
              ) : null
            }
          />
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-busy={spins.isFetching} data-spin-list="">
            {spins.data.data.map((spin) => (
              <SpinRowItem key={spin.id} spin={spin} />
            ))}
          </ul>
          {meta && meta.totalPages > 1 ? pager(meta.page, meta.totalPages) : null}
        </>
      )}
    </div>
  );
}
