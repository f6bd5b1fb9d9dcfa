// The body every filtered history tab shares (invoices, spins): a skeleton while the first page
// loads, a retry when it fails, an empty state that offers Reset when filters hide everything,
// otherwise the rows and a pager.
import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { cx } from "#app/lib/cx.ts";
import { Pager } from "./pager.tsx";

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
      {meta.totalPages > 1 ? <Pager page={meta.page} totalPages={meta.totalPages} onPage={onPage} text={(part, values) => t(`history.pagination.${part}`, values)} /> : null}
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

/** A wallet list that could not load, with a retry; `title` says what failed (the history by default). */
export function LoadFailed({ onRetry, title, className }: { onRetry: () => void; title?: string; className?: string }) {
  const { t } = useTranslation("wallet");
  return (
    <div className={cx("rounded-xl border border-border bg-surface", className)}>
      <EmptyState
        size="inline"
        headingLevel={2}
        title={title ?? t("history.loadFailed")}
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
