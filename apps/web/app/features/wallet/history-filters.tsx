// The wallet history's filter panel (spec 2.2 filter panels), one for every tab that filters: on
// desktop the controls sit in one row above the list and apply as they change; on phones a
// Filters button with the number set opens them in a panel applied on demand. Each tab brings its
// own controls (`controls`); the currency and date fields they share are here too.
import { useId, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { activeFilterCount } from "./history-state.ts";
import { FilterIcon, PlainSelect } from "./wallet-pieces.tsx";
import { useCurrencies, useWalletAccounts } from "./use-wallet.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { isolateLeftToRight } from "#app/lib/money-format.ts";

type Filters = Record<string, string>;

/** What a tab's controls get: the filters shown, how to change them, and a prefix for the fields' ids. */
export type FilterControlsProps<F extends Filters> = { filters: F; onChange: (filters: F) => void; idPrefix: string };

/**
 * The filter panel of a history tab. `none` is the tab's empty filter set (Reset); `dataName` is
 * the data attribute the tab's controls carry (`data-filter`, `data-spin-filter`).
 */
export function FilterPanel<F extends Filters>({
  filters,
  none,
  mobile,
  onChange,
  controls: Controls,
  desktopGrid,
}: {
  filters: F;
  none: F;
  mobile: boolean;
  onChange: (filters: F) => void;
  controls: (props: FilterControlsProps<F>) => ReactNode;
  /** The desktop row's grid columns: one per control, then the Reset button. */
  desktopGrid: string;
}) {
  const { t } = useTranslation("wallet");
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(filters);
  const id = useId();
  const count = activeFilterCount(filters);
  if (!mobile) {
    return (
      <section aria-label={t("history.filters.title")} className="rounded-xl border border-border bg-surface p-4" data-filter-panel="desktop">
        <div className={`grid grid-cols-2 items-end gap-3 sm:grid-cols-3 ${desktopGrid}`}>
          <Controls filters={filters} onChange={onChange} idPrefix={id} />
          <Button variant="ghost" size="sm" className="h-10" disabled={count === 0} onClick={() => onChange(none)}>
            {t("history.filters.reset")}
          </Button>
        </div>
      </section>
    );
  }
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
              <Controls filters={draft} onChange={setDraft} idPrefix={id} />
            </div>
            <div className="mt-4 flex gap-2">
              <Button
                variant="ghost"
                className="flex-1"
                onClick={() => {
                  setDraft(none);
                  onChange(none);
                  setOpen(false);
                }}
              >
                {t("history.filters.reset")}
              </Button>
              <Button
                className="flex-1"
                onClick={() => {
                  onChange(draft);
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

/** One labelled control of a filter panel. */
export function FilterField({ id, label, children }: { id: string; label: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-col gap-1.5">
      <label htmlFor={id} className="text-xs font-semibold text-fg-muted">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A select of a filter panel whose first option is "Any". */
export function SelectFilter({
  id,
  label,
  value,
  onChange,
  data,
  children,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** The data attribute naming the control: [attribute, filter key]. */
  data: readonly [string, string];
  children: ReactNode;
}) {
  const { t } = useTranslation("wallet");
  return (
    <FilterField id={id} label={label}>
      <PlainSelect id={id} className="h-10" value={value} onChange={(event) => onChange(event.target.value)} {...{ [data[0]]: data[1] }}>
        <option value="">{t("history.filters.any")}</option>
        {children}
      </PlainSelect>
    </FilterField>
  );
}

/** The currency, from-date and to-date filters every history tab has. */
export function CurrencyAndDateFilters<F extends Filters & { currency: string; dateFrom: string; dateTo: string }>({
  filters,
  onChange,
  idPrefix,
  dataAttribute,
}: FilterControlsProps<F> & { dataAttribute: string }) {
  const { t, i18n } = useTranslation("wallet");
  const currencies = useCurrencies();
  const accounts = useWalletAccounts();
  const codes = [...new Set([...(accounts.data ?? []).map((account) => account.currency), ...(filters.currency ? [filters.currency] : [])])];
  const set = (key: "currency" | "dateFrom" | "dateTo", value: string) => onChange({ ...filters, [key]: value });
  return (
    <>
      <SelectFilter id={`${idPrefix}-currency`} label={t("history.filters.currency")} value={filters.currency} onChange={(value) => set("currency", value)} data={[dataAttribute, "currency"]}>
        {codes.map((code) => (
          <option key={code} value={code}>
            {/* An option holds text only: the code and symbol are isolated by characters instead of dir. */}
            {currencies.data?.byCode.get(code) ? isolateLeftToRight(`${code} ${currencies.data.byCode.get(code)?.symbol ?? ""}`, i18n.language) : code}
          </option>
        ))}
      </SelectFilter>
      <FilterField id={`${idPrefix}-from`} label={t("history.filters.from")}>
        <Input
          id={`${idPrefix}-from`}
          type="date"
          className="h-10"
          value={filters.dateFrom}
          max={filters.dateTo || undefined}
          onChange={(event) => set("dateFrom", event.target.value)}
          {...{ [dataAttribute]: "dateFrom" }}
        />
      </FilterField>
      <FilterField id={`${idPrefix}-to`} label={t("history.filters.to")}>
        <Input
          id={`${idPrefix}-to`}
          type="date"
          className="h-10"
          value={filters.dateTo}
          min={filters.dateFrom || undefined}
          onChange={(event) => set("dateTo", event.target.value)}
          {...{ [dataAttribute]: "dateTo" }}
        />
      </FilterField>
    </>
  );
}
