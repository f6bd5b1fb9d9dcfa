// A crash round on /fairness (?crash=<round id>): its public record (hash, salt, the chain's
// commitment, the position), placed in the committed chain and its point recomputed in the browser
// with @playfair/fairness, loaded only when it computes.
import type { CrashRoundRecord } from "@playfair/contracts/game/crash";
import { useCallback, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Section, useStepText } from "./computation-view.tsx";
import { FactList, RecordCard, useVerdict, VerdictLine } from "./round-verdict.tsx";
import type { CrashVerdict } from "./verifier-steps.ts";
import { CheckIcon, CloseIcon } from "#app/components/icons.tsx";

const loadEngine = () => import("./verifier-steps.ts");

function Facts({ record }: { record: CrashRoundRecord }) {
  const { t } = useTranslation("pages");
  return (
    <FactList
      facts={[
        [t("fairness.crash.position"), String(record.position)],
        [t("fairness.crash.chainLength"), String(record.chainLength)],
        [t("fairness.crash.point"), record.crashPoint ? `${record.crashPoint}×` : "—"],
        [t("fairness.crash.hash"), record.hash ?? "—"],
        [t("fairness.crash.salt"), record.salt],
        [t("fairness.crash.commitment"), record.commitment],
      ]}
    />
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
  const computable = record.status === "crashed" && record.hash !== null && record.crashPoint !== null;
  const compute = useCallback(
    async () =>
      (await loadEngine()).verifyCrash({ hash: record.hash!, salt: record.salt, commitment: record.commitment, chainLength: record.chainLength, position: record.position, crashPoint: record.crashPoint! }),
    [record],
  );
  const verdict = useVerdict(computable ? compute : null);

  let state: ReactNode;
  if (record.status === "cancelled") state = <p data-round-state="voided">{t("fairness.crash.cancelled")}</p>;
  else if (!computable) state = <p data-round-state="in-play">{t("fairness.crash.inPlay")}</p>;
  else
    state = (
      <VerdictLine
        verdict={verdict}
        explain={(result) => (result.verified ? t("fairness.crash.verified") : result.positionMatches ? t("fairness.crash.pointDiffers") : t("fairness.crash.positionDiffers"))}
      />
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
  return (
    <RecordCard<CrashRoundRecord>
      id={roundId}
      path={`/api/game/crash/rounds/${encodeURIComponent(roundId)}`}
      queryKey={["fairness", "crash", roundId]}
      title={t("fairness.crash.title")}
      notFound={t("fairness.crash.notFound")}
      headingId="fairness-crash"
      marker={{ "data-crash-verifier": "" }}
    >
      {(record) => <CrashRecord record={record} />}
    </RecordCard>
  );
}
