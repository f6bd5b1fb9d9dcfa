// A computation shown step by step: SHA-256 of the server seed against the committed hash, the
// HMAC-SHA256 blocks, the floats made from their bytes, each float's conversion and the outcome.
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Computation, Step } from "./verifier-steps.ts";
import { CheckIcon, CloseIcon } from "#app/components/icons.tsx";

function Hex({ children }: { children: ReactNode }) {
  return (
    <code dir="ltr" className="block font-mono text-xs break-all text-fg">
      {children}
    </code>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex min-w-0 flex-col gap-2">
      <h3 className="text-sm font-semibold text-fg">{title}</h3>
      {children}
    </section>
  );
}

export function useStepText(): (step: Step) => string {
  const { t } = useTranslation("pages");
  return (step) => t(`fairness.steps.${step.key}` as "fairness.steps.dice", step.values);
}

export function ComputationView({ computation }: { computation: Computation }) {
  const { t } = useTranslation("pages");
  const stepText = useStepText();
  return (
    <div className="flex min-w-0 flex-col gap-5" data-computation={computation.game}>
      <Section title={t("fairness.result.hashTitle")}>
        <p className="text-sm text-fg-muted">{t("fairness.result.hashOf")}</p>
        <Hex>{computation.serverSeedHash}</Hex>
        {computation.hashMatches !== null ? (
          <p className={computation.hashMatches ? "flex items-center gap-1.5 text-sm font-medium text-success" : "flex items-center gap-1.5 text-sm font-medium text-error"} data-hash-matches={String(computation.hashMatches)}>
            {computation.hashMatches ? <CheckIcon className="size-4 shrink-0" /> : <CloseIcon className="size-4 shrink-0" />}
            {computation.hashMatches ? t("fairness.result.hashMatches") : t("fairness.result.hashDiffers")}
          </p>
        ) : null}
      </Section>
      <Section title={t("fairness.result.blocks")}>
        <ol className="flex flex-col gap-2">
          {computation.blocks.map((block) => (
            <li key={block.round} className="rounded-lg bg-surface-muted p-3">
              <p className="text-xs text-fg-muted">
                {t("fairness.result.blockMessage")} <code dir="ltr" className="font-mono break-all text-fg">{block.message}</code>
              </p>
              <Hex>{block.hex}</Hex>
            </li>
          ))}
        </ol>
      </Section>
      <Section title={t("fairness.result.floats")}>
        <p className="text-sm text-fg-muted">{t("fairness.result.floatsHow")}</p>
        <ol className="grid grid-cols-1 gap-1.5 sm:grid-cols-2" data-floats="">
          {computation.floats.map((row) => (
            <li key={row.index} className="flex min-w-0 items-baseline gap-2 text-xs">
              <span className="w-6 shrink-0 text-end text-fg-subtle">{row.index + 1}.</span>
              <code dir="ltr" className="font-mono text-fg-muted">{row.bytes}</code>
              <span aria-hidden="true" className="text-fg-subtle">→</span>
              <code dir="ltr" className="min-w-0 font-mono break-all text-fg">{row.value}</code>
            </li>
          ))}
        </ol>
      </Section>
      <Section title={t("fairness.result.conversions")}>
        <ol className="flex flex-col gap-1 text-sm" data-conversions="">
          {computation.conversions.map((step, index) => (
            <li key={index} className="break-words">
              <bdi>{stepText(step)}</bdi>
            </li>
          ))}
        </ol>
      </Section>
      <Section title={t("fairness.result.outcome")}>
        <ul className="flex flex-col gap-1 text-sm font-medium" data-outcome="">
          {computation.result.map((step, index) => (
            <li key={index} className="break-words">
              <bdi>{stepText(step)}</bdi>
            </li>
          ))}
        </ul>
      </Section>
    </div>
  );
}
