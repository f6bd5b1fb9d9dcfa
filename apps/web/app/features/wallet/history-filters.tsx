// The wallet history's invoice filters: inline on desktop, a sheet applied at once on phones.
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { activeFilterCount } from "./history-state.ts";
import { NO_INVOICE_FILTERS, type InvoiceFilters } from "./wallet-api.ts";
import { FilterIcon, PlainSelect } from "./wallet-pieces.tsx";
import { useCurrencies, useWalletAccounts } from "./use-wallet.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { isolateLeftToRight } from "#app/lib/money-format.ts";

function FilterControls({ filters, onChange, idPrefix }: { filters: InvoiceFilters; onChange: (filters: InvoiceFilters) => void; idPrefix: string }) {
  const { t, i18n } = useTranslation("wallet");
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
          <option value="4">{t("history.status.cancelled")}</option>
        </PlainSelect>,
      )}
      {field(
        "currency",
        t("history.filters.currency"),
        <PlainSelect id={`${idPrefix}-currency`} className="h-10" value={filters.currency} onChange={(event) => set("currency", event.target.value)} data-filter="currency">
          <option value="">{t("history.filters.any")}</option>
          {codes.map((code) => (
            <option key={code} value={code}>
              {/* An option holds text only: the code and symbol are isolated by characters instead of dir. */}
              {currencies.data?.byCode.get(code) ? isolateLeftToRight(`${code} ${currencies.data.byCode.get(code)?.symbol ?? ""}`, i18n.language) : code}
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
export function DesktopFilters({ filters, onChange }: { filters: InvoiceFilters; onChange: (filters: InvoiceFilters) => void }) {
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
export function MobileFilters({ filters, onApply }: { filters: InvoiceFilters; onApply: (filters: InvoiceFilters) => void }) {
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
