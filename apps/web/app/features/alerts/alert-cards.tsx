import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { dismissAlert, type Alert, type AlertKind } from "./alert-store.ts";
import { cx } from "#app/lib/cx.ts";

// The alert cards load with the first alert (AlertViewport keeps the live region on every page).

const KIND_STYLES: Record<AlertKind, { tile: string; bar: string }> = {
  success: { tile: "bg-success-soft text-success", bar: "bg-success" },
  attention: { tile: "bg-attention-soft text-attention", bar: "bg-attention" },
  error: { tile: "bg-error-soft text-error", bar: "bg-error" },
};

/** The queued alerts as cards, newest last. */
export default function AlertCards({ alerts }: { alerts: readonly Alert[] }) {
  return alerts.map((alert) => <AlertCard key={alert.id} alert={alert} onDismiss={() => dismissAlert(alert.id)} />);
}

function AlertCard({ alert, onDismiss }: { alert: Alert; onDismiss: () => void }) {
  const { t } = useTranslation("alerts");
  const style = KIND_STYLES[alert.kind];
  return (
    <div
      data-alert-kind={alert.kind}
      className={cx(
        "pointer-events-auto relative flex w-full max-w-[24rem] items-start gap-3 overflow-hidden rounded-xl border border-border bg-surface-raised py-3 ps-3 pe-2 text-fg shadow-raised",
        "transition-[opacity,translate] duration-200 ease-snappy starting:-translate-y-2 starting:opacity-0 motion-reduce:transition-none",
      )}
    >
      <span className={cx("grid size-9 shrink-0 place-items-center rounded-full", style.tile)}>
        <AlertIcon kind={alert.kind} />
      </span>
      <div className="min-w-0 flex-1 pt-1.5">
        <p className="text-sm leading-snug font-semibold text-pretty">
          <span className="sr-only">{t(`kinds.${alert.kind}`)} </span>
          {alert.title}
        </p>
        {alert.description && <p className="mt-1 text-sm leading-relaxed text-pretty text-fg-muted">{alert.description}</p>}
        {alert.action && (
          // At least 44 px tall: a touch target a thumb can hit (WCAG 2.5.5).
          <a href={alert.action.href} className="-my-1 inline-flex min-h-11 items-center text-sm font-semibold text-brand underline-offset-2 hover:underline">
            {alert.action.label}
          </a>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label={t("dismiss")}
        className="-my-1 grid size-11 shrink-0 place-items-center rounded-full text-fg-muted transition-colors duration-150 hover:bg-surface-muted hover:text-fg"
      >
        <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" className="size-4" aria-hidden="true" focusable="false">
          <path d="M6 6l12 12M18 6 6 18" />
        </svg>
      </button>
      {/* How long the alert has left; hidden for those who prefer less motion. */}
      <span
        aria-hidden="true"
        style={{ transitionDuration: `${alert.durationMs}ms` }}
        className={cx(
          "absolute inset-x-0 bottom-0 h-0.5 origin-left scale-x-0 opacity-60 transition-transform ease-linear starting:scale-x-100 motion-reduce:hidden rtl:origin-right",
          style.bar,
        )}
      />
    </div>
  );
}

function AlertIcon({ kind }: { kind: AlertKind }) {
  const paths: Record<AlertKind, ReactNode> = {
    success: <path d="m6.5 12.5 3.5 3.5 7.5-8" />,
    attention: (
      <>
        <path d="M12 7.5v5.5" />
        <path d="M12 16.5v.01" strokeWidth="2.6" />
      </>
    ),
    error: <path d="M8 8l8 8M16 8l-8 8" />,
  };
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" className="size-5" aria-hidden="true" focusable="false">
      {paths[kind]}
    </svg>
  );
}
