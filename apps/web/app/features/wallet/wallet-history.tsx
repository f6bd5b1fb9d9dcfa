// The wallet history page (spec 2.2 history views with desktop and mobile filter panels, spec 3
// "Transaction view state"): cash and bonuses per currency, the invoices with filters and paging
// (a pending withdrawal can be cancelled from here, spec 7 decline), the player's bonuses
// (bonus/bonus-history.tsx), the game rounds (spins-history.tsx) and the sports bets (bets-history.tsx).
import { MOBILE_BREAKPOINT_PX } from "@playfair/contracts/constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { activeFilterCount, orderedDates, readHistoryState, writeHistoryState, type HistoryState, type HistoryTab } from "./history-state.ts";
import { fetchInvoices, fetchInvoiceStatistics, NO_INVOICE_FILTERS, paymentQueryKeys, type InvoiceFilters } from "./wallet-api.ts";
import { shownAccounts } from "./wallet-accounts.ts";
import { CurrencyBadge } from "./wallet-pieces.tsx";
import { useMoneyFormat, usePlayerId, useWalletAccounts } from "./use-wallet.ts";
import { Tabs } from "#app/components/ui/tabs.tsx";
import { useMediaQuery } from "#app/features/modals/use-media-query.ts";
import { FilterPanel, CurrencyAndDateFilters, SelectFilter, type FilterControlsProps } from "./history-filters.tsx";
import { Fact, HistoryList, ListSkeleton, LoadFailed } from "./history-list.tsx";
import { InvoiceRow } from "./invoice-row.tsx";
import { SpinsHistory } from "./spins-history.tsx";
import { BetsHistory } from "./bets-history.tsx";
import { BonusHistory } from "./bonus/bonus-history.tsx";
import { BonusProgressBar } from "./bonus/bonus-progress-bar.tsx";
import { activeBonusIn, usePlayerBonuses } from "#app/features/bonus-data/bonus-api.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { isZero } from "@playfair/contracts/money";

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;

export function WalletHistory() {
  const { t } = useTranslation("wallet");
  const [search, setSearch] = useSearchParams();
  const state = readHistoryState(search);
  const go = (next: HistoryState, replace = false) => setSearch(writeHistoryState(search, next), { preventScrollReset: true, replace });
  const label = (tab: HistoryTab) => t(`history.tabs.${tab}`);
  return (
    <div className="mt-6" data-wallet-history={state.tab}>
      <Tabs<HistoryTab>
        label={t("history.tabsLabel")}
        value={state.tab}
        onChange={(tab) => go({ ...state, tab, page: 1 })}
        items={[
          { value: "cashBonuses", label: label("cashBonuses"), panel: <CashBonuses /> },
          { value: "invoices", label: label("invoices"), panel: <Invoices state={state} onChange={go} /> },
          {
            value: "bonuses",
            label: label("bonuses"),
            panel: <BonusHistory page={state.page} onPage={(page) => go({ ...state, page })} />,
          },
          { value: "spins", label: label("spins"), panel: <Spins state={state} onChange={go} /> },
          { value: "bets", label: label("bets"), panel: <Bets state={state} onChange={go} /> },
        ]}
      />
    </div>
  );
}

/** Per currency: what is playable, what is bonus money (and how far its wagering is), what is held, and what went in and out. */
function CashBonuses() {
  const { t } = useTranslation("wallet");
  const playerId = usePlayerId() ?? "";
  const accounts = useWalletAccounts();
  const { money, currencies } = useMoneyFormat();
  const statistics = useQuery({
    queryKey: paymentQueryKeys.statistics(playerId),
    queryFn: ({ signal }) => fetchInvoiceStatistics(signal),
    enabled: playerId !== "",
  });
  const bonuses = usePlayerBonuses();
  if (accounts.isPending) return <ListSkeleton />;
  if (accounts.isError) return <LoadFailed onRetry={() => void accounts.refetch()} />;
  const byCurrency = new Map((statistics.data?.currencies ?? []).map((entry) => [entry.currency, entry]));
  return (
    <div className="flex flex-col gap-3" data-cash-bonuses="">
      <p className="text-sm text-fg-muted">{t("history.cashBonuses.intro")}</p>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2">
        {shownAccounts(accounts.data).map((account) => {
          const currency = currencies?.get(account.currency);
          const stats = byCurrency.get(account.currency);
          const active = activeBonusIn(bonuses.data, account.currency);
          return (
            <li key={account.id} className="rounded-xl border border-border bg-surface p-4 shadow-card" data-cash-bonuses-currency={account.currency}>
              <div className="flex items-center gap-3">
                <CurrencyBadge code={account.currency} symbol={currency?.symbol} crypto={currency?.type === "crypto"} className="size-9" />
                <p className="font-semibold">{account.currency}</p>
                <p className="ms-auto font-display text-lg font-bold">
                  <span dir="ltr">{money(account.balance, account.currency)}</span>
                </p>
              </div>
              <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
                <Fact label={t("overview.cash")} value={money(account.cash, account.currency)} />
                <Fact label={t("overview.bonus")} value={money(account.bonus, account.currency)} />
                <Fact label={t("overview.pendingWithdrawal")} value={money(account.pendingWithdrawal, account.currency)} />
                <Fact
                  label={t("history.cashBonuses.deposited")}
                  value={statistics.isPending ? "…" : stats ? money(stats.depositSum, account.currency) : money("0", account.currency)}
                />
                <Fact
                  label={t("history.cashBonuses.withdrawn")}
                  value={statistics.isPending ? "…" : stats ? money(stats.withdrawalSum, account.currency) : money("0", account.currency)}
                />
                <Fact label={t("history.cashBonuses.deposits")} value={statistics.isPending ? "…" : String(stats?.depositCount ?? 0)} />
              </dl>
              {active ? <BonusProgressBar bonus={active} className="mt-3" /> : null}
              {active || !isZero(account.bonus) ? (
                <ModalLink modal="wallet-bonus-info" className="mt-2 inline-block text-sm font-semibold text-brand-fg underline-offset-4 hover:underline">
                  {t("bonus.info.open")}
                </ModalLink>
              ) : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Invoices({ state, onChange }: { state: HistoryState; onChange: (next: HistoryState, replace?: boolean) => void }) {
  const { t } = useTranslation("wallet");
  const playerId = usePlayerId() ?? "";
  const mobile = useMediaQuery(MOBILE_QUERY);
  const invoices = useQuery({
    queryKey: paymentQueryKeys.invoicePage(playerId, state.filters, state.page),
    queryFn: ({ signal }) => fetchInvoices(state.filters, state.page, signal),
    placeholderData: keepPreviousData,
    enabled: playerId !== "",
  });
  const setFilters = (filters: InvoiceFilters) => onChange({ ...state, tab: "invoices", page: 1, filters: orderedDates(filters) }, true);
  return (
    <div className="flex flex-col gap-4">
      <FilterPanel filters={state.filters} none={NO_INVOICE_FILTERS} mobile={mobile} onChange={setFilters} controls={InvoiceFilterControls} desktopGrid="lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]" />
      <HistoryList
        query={invoices}
        filtered={activeFilterCount(state.filters) > 0}
        empty={{ title: t("history.invoices.empty"), description: t("history.invoices.emptyDescription") }}
        noMatch={{ title: t("history.invoices.noMatch"), description: t("history.invoices.noMatchDescription") }}
        onReset={() => setFilters(NO_INVOICE_FILTERS)}
        onPage={(page) => onChange({ ...state, page })}
        row={(invoice) => <InvoiceRow key={invoice.id} invoice={invoice} />}
        listName="data-invoice-list"
      />
    </div>
  );
}

function InvoiceFilterControls({ filters, onChange, idPrefix }: FilterControlsProps<InvoiceFilters>) {
  const { t } = useTranslation("wallet");
  const set = <Key extends keyof InvoiceFilters>(key: Key, value: InvoiceFilters[Key]) => onChange({ ...filters, [key]: value });
  return (
    <>
      <SelectFilter id={`${idPrefix}-type`} label={t("history.filters.type")} value={filters.type} onChange={(value) => set("type", value as InvoiceFilters["type"])} data={["data-filter", "type"]}>
        <option value="1">{t("history.invoices.deposit")}</option>
        <option value="2">{t("history.invoices.withdrawal")}</option>
      </SelectFilter>
      <SelectFilter id={`${idPrefix}-status`} label={t("history.filters.status")} value={filters.status} onChange={(value) => set("status", value as InvoiceFilters["status"])} data={["data-filter", "status"]}>
        <option value="1">{t("history.status.pending")}</option>
        <option value="2">{t("history.status.success")}</option>
        <option value="3">{t("history.status.failed")}</option>
        <option value="4">{t("history.status.cancelled")}</option>
      </SelectFilter>
      <CurrencyAndDateFilters filters={filters} onChange={onChange} idPrefix={idPrefix} dataAttribute="data-filter" />
    </>
  );
}

function Spins({ state, onChange }: { state: HistoryState; onChange: (next: HistoryState, replace?: boolean) => void }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <SpinsHistory
      filters={state.spins}
      page={state.page}
      mobile={mobile}
      onFilters={(spins) => onChange({ ...state, tab: "spins", spins, page: 1 }, true)}
      onPage={(page) => onChange({ ...state, page })}
    />
  );
}

function Bets({ state, onChange }: { state: HistoryState; onChange: (next: HistoryState, replace?: boolean) => void }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <BetsHistory
      filters={state.bets}
      page={state.page}
      mobile={mobile}
      onFilters={(bets) => onChange({ ...state, tab: "bets", bets, page: 1 }, true)}
      onPage={(page) => onChange({ ...state, page })}
    />
  );
}
