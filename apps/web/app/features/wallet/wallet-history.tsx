// The wallet history page (spec 2.2 history views with desktop and mobile filter panels, spec 3
// "Transaction view state"): cash and bonuses per currency, the invoices with filters and paging
// (a pending withdrawal can be cancelled from here, spec 7 decline), and the bonus and spin tabs,
// which stay empty until bonuses and games are built.
import type { Invoice } from "@playfair/contracts/payment/invoices";
import { MOBILE_BREAKPOINT_PX } from "@playfair/contracts/constants";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { catalogueText } from "./catalogue-text.ts";
import { activeFilterCount, orderedDates, readHistoryState, writeHistoryState, type HistoryState, type HistoryTab } from "./history-state.ts";
import {
  declineWithdrawal,
  fetchInvoices,
  fetchInvoiceStatistics,
  NO_INVOICE_FILTERS,
  paymentQueryKeys,
  type InvoiceFilters,
} from "./wallet-api.ts";
import { shownAccounts } from "./wallet-accounts.ts";
import { formatDateTime } from "./wallet-format.ts";
import { ArrowDownIcon, ArrowUpIcon, CurrencyBadge, FilterIcon, PlainSelect } from "./wallet-pieces.tsx";
import { refreshAccountsUnlessLive, useCurrencies, useMoneyFormat, usePlayerId, useWalletAccounts } from "./use-wallet.ts";
import { Badge, type BadgeTone } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { Tabs } from "#app/components/ui/tabs.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";
import { requestConfirmation } from "#app/features/modals/confirmation-store.ts";
import { useMediaQuery } from "#app/features/modals/use-media-query.ts";
import { ChevronEndIcon, ChevronStartIcon } from "#app/features/profile/profile-icons.tsx";
import { isApiRequestError } from "#app/lib/api-client.ts";
import { cx } from "#app/lib/cx.ts";

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
        onChange={(tab) => go({ tab, page: 1, filters: state.filters })}
        items={[
          { value: "cashBonuses", label: label("cashBonuses"), panel: <CashBonuses /> },
          { value: "invoices", label: label("invoices"), panel: <Invoices state={state} onChange={go} /> },
          {
            value: "bonuses",
            label: label("bonuses"),
            panel: <LaterTab title={t("history.bonuses.title")} description={t("history.bonuses.description")} />,
          },
          { value: "spins", label: label("spins"), panel: <LaterTab title={t("history.spins.title")} description={t("history.spins.description")} /> },
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
  const setFilters = (filters: InvoiceFilters) => onChange({ tab: "invoices", page: 1, filters: orderedDates(filters) }, true);
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

const STATUS_TONES: Record<Invoice["status"], BadgeTone> = { 1: "attention", 2: "success", 3: "error" };
const STATUS_KEYS = { 1: "pending", 2: "success", 3: "failed" } as const;

/** "sandbox.deposit.crypto-btc" -> "crypto-btc": the kind names the way of paying. */
function methodKind(methodCode: string): string {
  return methodCode.split(".")[2] ?? methodCode;
}

function InvoiceRow({ invoice }: { invoice: Invoice }) {
  const { t, i18n } = useTranslation("wallet");
  const { money, inText } = useMoneyFormat();
  const queryClient = useQueryClient();
  const playerId = usePlayerId() ?? "";
  const deposit = invoice.type === 1;
  const kind = methodKind(invoice.methodCode);
  const methodName = catalogueText(i18n, `methods.${kind}`, kind);
  const decline = useMutation({
    mutationFn: () => declineWithdrawal(invoice.id),
    onSuccess: () => {
      showAlert({ kind: "success", title: t("history.invoices.declined"), description: t("history.invoices.declinedDescription", { sum: inText(money(invoice.amount, invoice.currency)) }) });
      refreshAccountsUnlessLive(queryClient, playerId);
      return queryClient.invalidateQueries({ queryKey: paymentQueryKeys.invoices(playerId) });
    },
    onError: (error) => {
      if (isApiRequestError(error) && error.sessionEnded) return;
      showAlert({ kind: "error", title: t("history.invoices.declineFailed"), description: t("errors.tryAgain") });
      void queryClient.invalidateQueries({ queryKey: paymentQueryKeys.invoices(playerId) });
    },
  });
  async function confirmDecline() {
    const confirmed = await requestConfirmation({
      title: t("history.invoices.declineTitle"),
      description: t("history.invoices.declineDescription", { sum: inText(money(invoice.amount, invoice.currency)) }),
      confirmLabel: t("history.invoices.decline"),
      cancelLabel: t("history.invoices.keep"),
      tone: "danger",
    });
    if (confirmed) decline.mutate();
  }
  return (
    <li
      className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded-xl border border-border bg-surface px-4 py-3"
      data-invoice-row={invoice.id}
      data-invoice-type={invoice.type}
      data-invoice-status={invoice.status}
    >
      <span
        aria-hidden="true"
        className={cx("grid size-10 shrink-0 place-items-center rounded-full", deposit ? "bg-success-soft text-success" : "bg-brand-soft text-brand-fg")}
      >
        {deposit ? <ArrowDownIcon className="size-5" /> : <ArrowUpIcon className="size-5" />}
      </span>
      <div className="min-w-0 flex-1 basis-40">
        <p className="font-semibold">
          {deposit ? t("history.invoices.deposit") : t("history.invoices.withdrawal")}
          <span className="font-normal text-fg-muted"> · {methodName}</span>
        </p>
        <p className="text-xs text-fg-subtle">
          {formatDateTime(invoice.createdAt, i18n.language)} · {t("pending.number", { number: invoice.number })}
        </p>
      </div>
      <div className="flex items-center gap-3">
        <div className="text-end">
          <p className={cx("font-semibold", invoice.status === 3 && "text-fg-muted line-through decoration-1")}>
            <span dir="ltr">{`${deposit ? "+" : "−"}${money(invoice.amount, invoice.currency)}`}</span>
          </p>
          <Badge tone={STATUS_TONES[invoice.status]} className="mt-0.5">
            {t(`history.status.${STATUS_KEYS[invoice.status]}`)}
          </Badge>
        </div>
      </div>
      {!deposit && invoice.status === 1 ? (
        <div className="flex w-full justify-end border-t border-border pt-2">
          <Button variant="secondary" size="sm" disabled={decline.isPending} onClick={() => void confirmDecline()} data-decline-withdrawal="">
            {t("history.invoices.decline")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

function FilterControls({ filters, onChange, idPrefix }: { filters: InvoiceFilters; onChange: (filters: InvoiceFilters) => void; idPrefix: string }) {
  const { t } = useTranslation("wallet");
  const currencies = useCurrencies();
  const accounts = useWalletAccounts();
  const codes = [...new Set([...(accounts.data ?? []).map((account) => account.currency), ...(filters.currency ? [filters.currency] : [])])];
  const field = (name: string, label: string, control: ReactNode) => (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={`${idPrefix}-${name}`} className="text-xs font-semibold text-fg-muted">
        {label}
      </label>
      {control}
    </div>
  );
  const set = <Key extends keyof InvoiceFilters>(key: Key, value: InvoiceFilters[Key]) => onChange({ ...filters, [key]: value });
  return (
    <>
      {field(
        "type",
        t("history.filters.type"),
        <PlainSelect id={`${idPrefix}-type`} className="h-10" value={filters.type} onChange={(event) => set("type", event.target.value as InvoiceFilters["type"])} data-filter="type">
          <option value="">{t("history.filters.any")}</option>
          <option value="1">{t("history.invoices.deposit")}</option>
          <option value="2">{t("history.invoices.withdrawal")}</option>
        </PlainSelect>,
      )}
      {field(
        "status",
        t("history.filters.status"),
        <PlainSelect id={`${idPrefix}-status`} className="h-10" value={filters.status} onChange={(event) => set("status", event.target.value as InvoiceFilters["status"])} data-filter="status">
          <option value="">{t("history.filters.any")}</option>
          <option value="1">{t("history.status.pending")}</option>
          <option value="2">{t("history.status.success")}</option>
          <option value="3">{t("history.status.failed")}</option>
        </PlainSelect>,
      )}
      {field(
        "currency",
        t("history.filters.currency"),
        <PlainSelect id={`${idPrefix}-currency`} className="h-10" value={filters.currency} onChange={(event) => set("currency", event.target.value)} data-filter="currency">
          <option value="">{t("history.filters.any")}</option>
          {codes.map((code) => (
            <option key={code} value={code}>
              {currencies.data?.byCode.get(code) ? `${code} ${currencies.data.byCode.get(code)?.symbol ?? ""}` : code}
            </option>
          ))}
        </PlainSelect>,
      )}
      {field(
        "from",
        t("history.filters.from"),
        <Input id={`${idPrefix}-from`} type="date" className="h-10" value={filters.dateFrom} max={filters.dateTo || undefined} onChange={(event) => set("dateFrom", event.target.value)} data-filter="dateFrom" />,
      )}
      {field(
        "to",
        t("history.filters.to"),
        <Input id={`${idPrefix}-to`} type="date" className="h-10" value={filters.dateTo} min={filters.dateFrom || undefined} onChange={(event) => set("dateTo", event.target.value)} data-filter="dateTo" />,
      )}
    </>
  );
}

/** Desktop: the filters in one row above the list, applied as they change. */
function DesktopFilters({ filters, onChange }: { filters: InvoiceFilters; onChange: (filters: InvoiceFilters) => void }) {
  const { t } = useTranslation("wallet");
  const id = useId();
  return (
    <section aria-label={t("history.filters.title")} className="rounded-xl border border-border bg-surface p-4" data-filter-panel="desktop">
      <div className="grid grid-cols-2 items-end gap-3 sm:grid-cols-3 lg:grid-cols-[repeat(5,minmax(0,1fr))_auto]">
        <FilterControls filters={filters} onChange={onChange} idPrefix={id} />
        <Button variant="ghost" size="sm" className="h-10" disabled={activeFilterCount(filters) === 0} onClick={() => onChange(NO_INVOICE_FILTERS)}>
          {t("history.filters.reset")}
        </Button>
      </div>
    </section>
  );
}

/** Mobile: a Filters button with the number set, opening a panel that applies on demand. */
function MobileFilters({ filters, onApply }: { filters: InvoiceFilters; onApply: (filters: InvoiceFilters) => void }) {
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
              <FilterControls filters={draft} onChange={setDraft} idPrefix={id} />
            </div>
            <div className="mt-4 flex gap-2">
              <Button
                variant="ghost"
                className="flex-1"
                onClick={() => {
                  setDraft(NO_INVOICE_FILTERS);
                  onApply(NO_INVOICE_FILTERS);
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
