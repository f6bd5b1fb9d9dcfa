// The wallet history page (spec 2.2 history views with desktop and mobile filter panels, spec 3
// "Transaction view state"): cash and bonuses per currency, the invoices with filters and paging
// (a pending withdrawal can be cancelled from here, spec 7 decline), the game rounds (spins-history.tsx),
// and the bonus tab, which stays empty until bonuses are built.
import { MOBILE_BREAKPOINT_PX } from "@playfair/contracts/constants";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { activeFilterCount, orderedDates, readHistoryState, writeHistoryState, type HistoryState, type HistoryTab } from "./history-state.ts";
import { fetchInvoices, fetchInvoiceStatistics, NO_INVOICE_FILTERS, paymentQueryKeys, type InvoiceFilters } from "./wallet-api.ts";
import { shownAccounts } from "./wallet-accounts.ts";
import { CurrencyBadge } from "./wallet-pieces.tsx";
import { useMoneyFormat, usePlayerId, useWalletAccounts } from "./use-wallet.ts";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs } from "#app/components/ui/tabs.tsx";
import { useMediaQuery } from "#app/features/modals/use-media-query.ts";
import { ChevronEndIcon, ChevronStartIcon } from "#app/features/profile/profile-icons.tsx";
import { DesktopFilters, MobileFilters } from "./history-filters.tsx";
import { InvoiceRow } from "./invoice-row.tsx";
import { SpinsHistory } from "./spins-history.tsx";

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
        onChange={(tab) => go({ tab, page: 1, filters: state.filters, spins: state.spins })}
        items={[
          { value: "cashBonuses", label: label("cashBonuses"), panel: <CashBonuses /> },
          { value: "invoices", label: label("invoices"), panel: <Invoices state={state} onChange={go} /> },
          {
            value: "bonuses",
            label: label("bonuses"),
            panel: <LaterTab title={t("history.bonuses.title")} description={t("history.bonuses.description")} />,
          },
          { value: "spins", label: label("spins"), panel: <Spins state={state} onChange={go} /> },
        ]}
      />
    </div>
  );
}

function LaterTab({ title, description }: { title: string; description: string }) {
  return (
    <div className="rounded-xl border border-dashed border-border-strong bg-surface/60" data-history-later="">
      <EmptyState size="inline" headingLevel={2} title={title} description={description} />
    </div>
  );
}

/** Per currency: what is playable, what is bonus money, what is held, and what went in and out. */
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
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-subtle">{label}</dt>
      <dd className="font-semibold break-all">
        <span dir="ltr">{value}</span>
      </dd>
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
  const setFilters = (filters: InvoiceFilters) => onChange({ tab: "invoices", page: 1, filters: orderedDates(filters), spins: state.spins }, true);
  const meta = invoices.data?.meta;
  const filtered = activeFilterCount(state.filters) > 0;
  return (
    <div className="flex flex-col gap-4">
      {mobile ? <MobileFilters filters={state.filters} onApply={setFilters} /> : <DesktopFilters filters={state.filters} onChange={setFilters} />}
      {invoices.isPending ? (
        <ListSkeleton />
      ) : invoices.isError ? (
        <LoadFailed onRetry={() => void invoices.refetch()} />
      ) : invoices.data.data.length === 0 ? (
        <div className="rounded-xl border border-dashed border-border-strong bg-surface/60">
          <EmptyState
            size="inline"
            headingLevel={2}
            title={filtered ? t("history.invoices.noMatch") : t("history.invoices.empty")}
            description={filtered ? t("history.invoices.noMatchDescription") : t("history.invoices.emptyDescription")}
            action={
              filtered ? (
                <Button variant="secondary" onClick={() => setFilters(NO_INVOICE_FILTERS)}>
                  {t("history.filters.reset")}
                </Button>
              ) : null
            }
          />
        </div>
      ) : (
        <>
          <ul className="flex flex-col gap-2" aria-busy={invoices.isFetching} data-invoice-list="">
            {invoices.data.data.map((invoice) => (
              <InvoiceRow key={invoice.id} invoice={invoice} />
            ))}
          </ul>
          {meta && meta.totalPages > 1 ? (
            <Pager page={meta.page} totalPages={meta.totalPages} onPage={(page) => onChange({ ...state, page })} />
          ) : null}
        </>
      )}
    </div>
  );
}

function Spins({ state, onChange }: { state: HistoryState; onChange: (next: HistoryState, replace?: boolean) => void }) {
  const mobile = useMediaQuery(MOBILE_QUERY);
  return (
    <SpinsHistory
      filters={state.spins}
      page={state.page}
      mobile={mobile}
      onChange={(spins, page) => onChange({ ...state, tab: "spins", spins, page }, page === 1)}
      pager={(page, totalPages) => <Pager page={page} totalPages={totalPages} onPage={(next) => onChange({ ...state, page: next })} />}
      skeleton={<ListSkeleton />}
      failed={(retry) => <LoadFailed onRetry={retry} />}
    />
  );
}

function Pager({ page, totalPages, onPage }: { page: number; totalPages: number; onPage: (page: number) => void }) {
  const { t } = useTranslation("wallet");
  return (
    <nav aria-label={t("history.pagination.label")} className="flex items-center justify-between gap-3">
      <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        <ChevronStartIcon className="size-4" />
        {t("history.pagination.previous")}
      </Button>
      <p className="text-sm font-medium text-fg-muted" aria-live="polite">
        {t("history.pagination.status", { page, total: totalPages })}
      </p>
      <Button variant="secondary" size="sm" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        {t("history.pagination.next")}
        <ChevronEndIcon className="size-4" />
      </Button>
    </nav>
  );
}

function ListSkeleton() {
  const { t } = useTranslation("wallet");
  return (
    <div className="flex flex-col gap-2" aria-busy="true">
      <p className="sr-only">{t("common.loading")}</p>
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-16" />
      ))}
    </div>
  );
}

function LoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation("wallet");
  return (
    <div className="rounded-xl border border-border bg-surface">
      <EmptyState
        size="inline"
        headingLevel={2}
        title={t("history.loadFailed")}
        description={t("overview.loadFailedDescription")}
        action={
          <Button variant="secondary" onClick={onRetry}>
            {t("common.retry")}
          </Button>
        }
      />
    </div>
  );
}
