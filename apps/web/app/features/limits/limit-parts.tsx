import { LIMIT_PERIODS } from "@playfair/contracts/player/limits";
import type { ComponentProps, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { periodKey } from "./limit-format.tsx";
import { LineIcon, type LineIconProps } from "#app/components/line-icon.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Field, Select } from "#app/components/ui/input.tsx";
import { ChevronIcon } from "#app/features/forms/select-field.tsx";

/** A native select drawn like the form kit's (its own chevron, on the reading end). */
export function LimitSelect({ className, ...props }: ComponentProps<"select">) {
  return (
    <div className="relative">
      <Select {...props} className={className ? `appearance-none ${className}` : "appearance-none"} />
      <ChevronIcon className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle" />
    </div>
  );
}

/** The period choice of the add and edit modals: daily, weekly, monthly, in that order. */
export function LimitPeriodField({ value, onChange }: { value: number; onChange: (period: number) => void }) {
  const { t } = useTranslation("limits");
  return (
    <Field label={t("form.period")}>
      {(attributes) => (
        <LimitSelect {...attributes} value={value} onChange={(event) => onChange(Number(event.target.value))} name="period">
          {LIMIT_PERIODS.map((period) => (
            <option key={period} value={period}>
              {t(`periods.${periodKey(period)}`)}
            </option>
          ))}
        </LimitSelect>
      )}
    </Field>
  );
}

/** What a limit modal shows when the limit it was opened for is gone (deleted elsewhere, stale address). */
export function LimitMissing({ close }: { close: () => void }) {
  const { t } = useTranslation("limits");
  return (
    <div className="flex flex-col gap-5">
      <p className="text-[0.9375rem] text-fg-muted">{t("delete.missing")}</p>
      <Button variant="secondary" onClick={close} className="w-full xs:w-auto xs:self-end">
        {t("form.cancel")}
      </Button>
    </div>
  );
}

/** The modal's error line: announced, and tinted like the form kit's error area. */
export function LimitProblem({ problem }: { problem: string | null }) {
  return (
    <div role="alert" aria-live="assertive" className={problem ? "block" : "contents"}>
      {problem ? <p className="rounded-lg border border-error/25 bg-error-soft px-3.5 py-3 text-sm font-medium text-error" data-limit-problem="">{problem}</p> : null}
    </div>
  );
}

/** A short note with an icon: when a change takes effect, what an exclusion blocks. */
export function LimitNote({ tone = "neutral", children }: { tone?: "neutral" | "attention"; children: ReactNode }) {
  return (
    <div
      className={
        tone === "attention"
          ? "flex items-start gap-2.5 rounded-lg border border-attention/30 bg-attention-soft px-3.5 py-3 text-sm text-fg"
          : "flex items-start gap-2.5 rounded-lg bg-surface-muted px-3.5 py-3 text-sm text-fg-muted"
      }
    >
      <ClockLineIcon className={tone === "attention" ? "mt-0.5 size-4 shrink-0 text-attention" : "mt-0.5 size-4 shrink-0 text-brand-fg"} />
      <div className="min-w-0 text-pretty">{children}</div>
    </div>
  );
}

export function ClockLineIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5V12l3 2" />
    </LineIcon>
  );
}

export function GaugeIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4.5 17.5a8.5 8.5 0 1 1 15 0" />
      <path d="M12 13.5l3.5-4" />
      <circle cx="12" cy="14" r="1.25" />
    </LineIcon>
  );
}

export function CoinsIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <ellipse cx="12" cy="6.5" rx="7" ry="3" />
      <path d="M5 6.5v5c0 1.66 3.13 3 7 3s7-1.34 7-3v-5M5 11.5v5c0 1.66 3.13 3 7 3s7-1.34 7-3v-5" />
    </LineIcon>
  );
}

export function TrendDownIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M3.5 7.5l6 6 3.5-3.5 7.5 7.5" />
      <path d="M15 17.5h5.5V12" />
    </LineIcon>
  );
}

export function WalletLineIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3" y="6" width="18" height="13" rx="2.5" />
      <path d="M3 9.5h18M16 14h2" />
      <path d="M6 6l9-3 1.5 3" />
    </LineIcon>
  );
}

export function PauseIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M10 9v6M14 9v6" />
    </LineIcon>
  );
}

export function BlockIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M5.6 5.6l12.8 12.8" />
    </LineIcon>
  );
}
