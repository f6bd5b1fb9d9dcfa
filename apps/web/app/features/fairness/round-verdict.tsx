// What every recomputed round on /fairness shows the same way, whatever the game: the record loaded
// by its id (missing, failed, loading), the recomputation run once the engine has loaded, the
// verdict (a badge and one sentence), and the record's facts as label/value pairs.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CheckIcon, CloseIcon } from "#app/components/icons.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card } from "#app/components/ui/surface.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { ApiRequestError, apiRequest } from "#app/lib/api-client.ts";

const ROUND_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A recomputation's result: null while the engine loads or runs, "failed" when it threw. */
export type VerdictState<T> = T | "failed" | null;

/**
 * Runs `compute` (which loads the engine on demand) and keeps its result; a `compute` of null runs
 * nothing. A new `compute` runs again, and a late answer of an older one is dropped: callers keep
 * `compute` stable (useCallback) for as long as the record is the same.
 */
export function useVerdict<T>(compute: (() => Promise<T>) | null): VerdictState<T> {
  const [verdict, setVerdict] = useState<VerdictState<T>>(null);
  useEffect(() => {
    if (compute === null) return;
    let current = true;
    void compute()
      .then((result) => {
        if (current) setVerdict(result);
      })
      .catch(() => {
        if (current) setVerdict("failed");
      });
    return () => {
      current = false;
    };
  }, [compute]);
  return verdict;
}

/** The verdict's line: a skeleton while it computes, the mismatch when it failed, else the badge and `explain`'s sentence. */
export function VerdictLine<T extends { verified: boolean }>({ verdict, explain }: { verdict: VerdictState<T>; explain: (verdict: T) => string }) {
  const { t } = useTranslation("pages");
  if (verdict === null) return <Skeleton className="h-8 w-48" />;
  if (verdict === "failed")
    return (
      <p data-round-state="mismatch" className="font-semibold text-error">
        {t("fairness.round.mismatch")}
      </p>
    );
  return (
    <div className="flex flex-col gap-2" data-round-state={verdict.verified ? "verified" : "mismatch"}>
      <p className="flex items-center gap-2">
        <Badge tone={verdict.verified ? "success" : "error"} className="gap-1">
          {verdict.verified ? <CheckIcon className="size-3.5" /> : <CloseIcon className="size-3.5" />}
          {verdict.verified ? t("fairness.round.verifiedBadge") : t("fairness.round.mismatchBadge")}
        </Badge>
      </p>
      <p className="text-sm">{explain(verdict)}</p>
    </div>
  );
}

/** The sentence under a seeded round's verdict: verified, or which of its two checks failed. */
export function useSeededVerdictText(): (verdict: { verified: boolean; hashMatches: boolean }) => string {
  const { t } = useTranslation("pages");
  return (verdict) => (verdict.verified ? t("fairness.round.verified") : verdict.hashMatches ? t("fairness.round.outcomeDiffers") : t("fairness.round.hashDiffers"));
}

/** A record's facts as label/value pairs; values are identifiers and numbers, always left to right. */
export function FactList({ facts }: { facts: readonly (readonly [label: string, value: string])[] }) {
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-2 text-sm sm:grid-cols-2">
      {facts.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs text-fg-subtle">{label}</dt>
          <dd className="font-mono text-xs break-all" dir="ltr">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The card of one public record asked for by its id: the id under the title, then the record once
 * loaded. An id that is not a UUID, or one the server does not know (404), answers `notFound`
 * without retrying; other failures retry twice before the card says so.
 */
export function RecordCard<T>({
  id,
  path,
  queryKey,
  title,
  notFound,
  headingId,
  marker,
  children,
}: {
  id: string;
  /** The API path of the record, the id already in it. */
  path: string;
  queryKey: readonly unknown[];
  title: string;
  notFound: string;
  headingId: string;
  /** Data attributes of the card, for the page's tests. */
  marker: Record<`data-${string}`, string>;
  children: (record: T) => ReactNode;
}) {
  const { t } = useTranslation("pages");
  const valid = ROUND_ID.test(id);
  const record = useQuery({
    queryKey,
    queryFn: async ({ signal }) => (await apiRequest<{ data: T }>(path, { signal })).data,
    enabled: valid,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
  });
  const missing = !valid || (record.isError && record.error instanceof ApiRequestError && record.error.status === 404);
  return (
    <Card as="section" aria-labelledby={headingId} {...marker}>
      <h2 id={headingId} className="font-display text-lg font-bold">
        {title}
      </h2>
      <p className="mt-1 text-xs text-fg-subtle">
        <code dir="ltr" className="font-mono break-all">{id}</code>
      </p>
      <div className="mt-4" aria-live="polite">
        {missing ? (
          <p data-round-state="missing">{notFound}</p>
        ) : record.isError ? (
          <p data-round-state="failed">{t("fairness.round.failed")}</p>
        ) : record.isPending ? (
          <div aria-busy="true">
            <p className="sr-only">{t("fairness.round.loading")}</p>
            <Skeleton className="h-24" />
          </div>
        ) : (
          children(record.data)
        )}
      </div>
    </Card>
  );
}
