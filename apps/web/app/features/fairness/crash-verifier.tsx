// A crash round on /fairness (?crash=<round id>): its public record (hash, salt, the chain's
// commitment, the position), placed in the committed chain and its point recomputed in the browser
// with @playfair/fairness, loaded only when it computes.
import type { CrashRoundRecord } from "@playfair/contracts/game/crash";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useStepText } from "./computation-view.tsx";
import type { CrashVerdict } from "./verifier-steps.ts";
import { CheckIcon, CloseIcon } from "#app/components/icons.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Card } from "#app/components/ui/surface.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { ApiRequestError, apiRequest } from "#app/lib/api-client.ts";

const ROUND_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const loadEngine = () => import("./verifier-steps.ts");

function Facts({ record }: { record: CrashRoundRecord }) {
  const { t } = useTranslation("pages");
  const facts: [string, string][] = [
    [t("fairness.crash.position"), String(record.position)],
    [t("fairness.crash.chainLength"), String(record.chainLength)],
    [t("fairness.crash.point"), record.crashPoint ? `${record.crashPoint}×` : "—"],
    [t("fairness.crash.hash"), record.hash ?? "—"],
    [t("fairness.crash.salt"), record.salt],
    [t("fairness.crash.commitment"), record.commitment],
  ];
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

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {children}
    </section>
  );
}

function Check({ ok, children, testId }: { ok: boolean; children: ReactNode; testId: string }) {
  return (
    <p className={ok ? "flex items-center gap-1.5 text-sm font-medium text-success" : "flex items-center gap-1.5 text-sm font-medium text-error"} data-crash-check={testId} data-ok={String(ok)}>
      {ok ? <CheckIcon className="size-4 shrink-0" /> : <CloseIcon className="size-4 shrink-0" />}
      <span>{children}</span>
    </p>
  );
}

function CrashComputation({ record, verdict }: { record: CrashRoundRecord; verdict: CrashVerdict }) {
  const { t } = useTranslation("pages");
  const stepText = useStepText();
  return (
    <div className="flex min-w-0 flex-col gap-5" data-computation="crash">
      <Section title={t("fairness.crash.chainTitle")}>
        <p className="text-sm text-fg-muted">{t("fairness.crash.chainHow")}</p>
        <Check ok={verdict.positionMatches} testId="position">
          {verdict.foundPosition === null ? t("fairness.crash.chainMissing", { count: record.chainLength }) : t("fairness.crash.chainFound", { count: verdict.foundPosition, position: record.position })}
        </Check>
      </Section>
      <Section title={t("fairness.crash.pointTitle")}>
        <p className="text-sm text-fg-muted">{t("fairness.crash.pointHow")}</p>
        <div className="rounded-lg bg-surface-muted p-3">
          <p className="text-xs text-fg-muted">
            {t("fairness.result.blockMessage")} <code dir="ltr" className="font-mono break-all text-fg">{verdict.block.message}</code>
          </p>
          <code dir="ltr" className="block font-mono text-xs break-all text-fg">
            {verdict.block.hex}
          </code>
        </div>
        <p className="flex min-w-0 items-baseline gap-2 text-xs">
          <code dir="ltr" className="font-mono text-fg-muted">{verdict.float.bytes}</code>
          <span aria-hidden="true" className="text-fg-subtle">→</span>
          <code dir="ltr" className="min-w-0 font-mono break-all text-fg">{verdict.float.value}</code>
        </p>
        <p className="text-sm">
          <bdi>{stepText(verdict.conversion)}</bdi>
        </p>
        <Check ok={verdict.pointMatches} testId="point">
          {t("fairness.crash.pointLine", { point: verdict.point, stored: record.crashPoint ?? "—" })}
        </Check>
      </Section>
    </div>
  );
}

function CrashRecord({ record }: { record: CrashRoundRecord }) {
  const { t } = useTranslation("pages");
  const [verdict, setVerdict] = useState<CrashVerdict | "failed" | null>(null);
  const computable = record.status === "crashed" && record.hash !== null && record.crashPoint !== null;
  useEffect(() => {
    if (!computable) return;
    let current = true;
    void loadEngine()
      .then((engine) => {
        const result = engine.verifyCrash({ hash: record.hash!, salt: record.salt, commitment: record.commitment, chainLength: record.chainLength, position: record.position, crashPoint: record.crashPoint! });
        if (current) setVerdict(result);
      })
      .catch(() => {
        if (current) setVerdict("failed");
      });
    return () => {
      current = false;
    };
  }, [computable, record]);

  let state: ReactNode;
  if (record.status === "cancelled") state = <p data-round-state="voided">{t("fairness.crash.cancelled")}</p>;
  else if (!computable) state = <p data-round-state="in-play">{t("fairness.crash.inPlay")}</p>;
  else if (verdict === null) state = <Skeleton className="h-8 w-48" />;
  else if (verdict === "failed")
    state = (
      <p data-round-state="mismatch" className="font-semibold text-error">
        {t("fairness.round.mismatch")}
      </p>
    );
  else
    state = (
      <div className="flex flex-col gap-2" data-round-state={verdict.verified ? "verified" : "mismatch"}>
        <p className="flex items-center gap-2">
          <Badge tone={verdict.verified ? "success" : "error"} className="gap-1">
            {verdict.verified ? <CheckIcon className="size-3.5" /> : <CloseIcon className="size-3.5" />}
            {verdict.verified ? t("fairness.round.verifiedBadge") : t("fairness.round.mismatchBadge")}
          </Badge>
        </p>
        <p className="text-sm">{verdict.verified ? t("fairness.crash.verified") : verdict.positionMatches ? t("fairness.crash.pointDiffers") : t("fairness.crash.positionDiffers")}</p>
      </div>
    );
  return (
    <div className="flex flex-col gap-4">
      {state}
      <Facts record={record} />
      {verdict !== null && verdict !== "failed" ? <CrashComputation record={record} verdict={verdict} /> : null}
    </div>
  );
}

/** The crash round asked for, open to guests: the record is public once the round is over. */
export function CrashVerifier({ roundId }: { roundId: string }) {
  const { t } = useTranslation("pages");
  const valid = ROUND_ID.test(roundId);
  const round = useQuery({
    queryKey: ["fairness", "crash", roundId],
    queryFn: async ({ signal }) => (await apiRequest<{ data: CrashRoundRecord }>(`/api/game/crash/rounds/${encodeURIComponent(roundId)}`, { signal })).data,
    enabled: valid,
    retry: (count, error) => !(error instanceof ApiRequestError && error.status < 500) && count < 2,
  });
  const missing = !valid || (round.isError && round.error instanceof ApiRequestError && round.error.status === 404);
  return (
    <Card as="section" aria-labelledby="fairness-crash" data-crash-verifier="">
      <h2 id="fairness-crash" className="font-display text-lg font-bold">
        {t("fairness.crash.title")}
      </h2>
      <p className="mt-1 text-xs text-fg-subtle">
        <code dir="ltr" className="font-mono break-all">{roundId}</code>
      </p>
      <div className="mt-4" aria-live="polite">
        {missing ? (
          <p data-round-state="missing">{t("fairness.crash.notFound")}</p>
        ) : round.isError ? (
          <p data-round-state="failed">{t("fairness.round.failed")}</p>
        ) : round.isPending ? (
          <div aria-busy="true">
            <p className="sr-only">{t("fairness.round.loading")}</p>
            <Skeleton className="h-24" />
          </div>
        ) : (
          <CrashRecord record={round.data} />
        )}
      </div>
    </Card>
  );
}
