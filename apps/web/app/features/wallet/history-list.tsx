// The body every filtered history tab shares (invoices, spins): a skeleton while the first page
// loads, a retry when it fails, an empty state that offers Reset when filters hide everything,
// otherwise the rows and a pager.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { ChevronEndIcon, ChevronStartIcon } from "#app/features/profile/profile-icons.tsx";

type Page<Row> = { data: Row[]; meta: { page: number; totalPages: number } };
type Copy = { title: string; description: string };

export function HistoryList<Row>({
  query,
  filtered,
  empty,
  noMatch,
  onReset,
  onPage,
  row,
  listName,
}: {
  query: UseQueryResult<Page<Row>>;
  filtered: boolean;
  /** What the empty state says with no filters set, and with filters that hide everything. */
  empty: Copy & { name?: string };
  noMatch: Copy;
  onReset: () => void;
  onPage: (page: number) => void;
  row: (row: Row) => ReactNode;
  /** The data attribute naming the list (`data-invoice-list`, `data-spin-list`). */
  listName: string;
}) {
  const { t } = useTranslation("wallet");
  if (query.isPending) return <ListSkeleton />;
  if (query.isError) return <LoadFailed onRetry={() => void query.refetch()} />;
  const meta = query.data.meta;
  if (query.data.data.length === 0) {
    const copy = filtered ? noMatch : empty;
    return (
      <div className="rounded-xl border border-dashed border-border-strong bg-surface/60" {...(empty.name ? { [empty.name]: "" } : {})}>
        <EmptyState
          size="inline"
          headingLevel={2}
          title={copy.title}
          description={copy.description}
          action={
            filtered ? (
              <Button variant="secondary" onClick={onReset}>
                {t("history.filters.reset")}
              </Button>
            ) : null
          }
        />
      </div>
    );
  }
  return (
    <>
      <ul className="flex flex-col gap-2" aria-busy={query.isFetching} {...{ [listName]: "" }}>
        {query.data.data.map(row)}
      </ul>
      {meta.totalPages > 1 ? <Pager page={meta.page} totalPages={meta.totalPages} onPage={onPage} /> : null}
    </>
  );
}

/** A labelled value of a history row or card; values are numbers and codes, kept left to right. */
export function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs text-fg-subtle">{label}</dt>
      <dd className="font-semibold break-all">
        <span dir="ltr">{value}</span>
      </dd>
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

export function ListSkeleton() {
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

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
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
