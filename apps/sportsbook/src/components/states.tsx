import type { ReactNode } from "react";
import { useT } from "../widget-context.tsx";

export function Loading() {
  const t = useT();
  return (
    <div role="status" className="sb:flex sb:flex-col sb:gap-2 sb:p-1">
      <span className="sb:sr-only">{t("common.loading")}</span>
      {[0, 1, 2].map((row) => (
        <div key={row} aria-hidden="true" className="sb:h-16 sb:animate-pulse sb:rounded-lg sb:bg-surface-muted" />
      ))}
    </div>
  );
}

export function LoadError({ onRetry }: { onRetry: () => void }) {
  const t = useT();
  return (
    <div role="alert" className="sb:flex sb:flex-col sb:items-center sb:gap-3 sb:rounded-lg sb:bg-surface sb:p-6 sb:text-center">
      <p className="sb:text-fg-muted">{t("common.error")}</p>
      <button type="button" onClick={onRetry} className="sb:min-h-11 sb:rounded-md sb:bg-brand sb:px-4 sb:font-semibold sb:text-on-brand sb:hover:bg-brand-hover">
        {t("common.retry")}
      </button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="sb:rounded-lg sb:bg-surface sb:p-6 sb:text-center sb:text-fg-muted">{children}</p>;
}

export function SectionTitle({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <h2 id={id} className="sb:px-1 sb:pt-2 sb:text-base sb:font-semibold sb:text-fg">
      {children}
    </h2>
  );
}
