import type { ReactNode } from "react";
import { Container } from "#app/components/ui/container.tsx";
import { cx } from "#app/lib/cx.ts";

/** The page's frame inside the default layout: site width, vertical rhythm. */
export function PageFrame({ children, className }: { children: ReactNode; className?: string }) {
  return <Container className={cx("py-6 sm:py-10", className)}>{children}</Container>;
}

/** The page's only <h1>, with an icon tile, a one-line introduction and optional actions. */
export function PageIntro({
  icon,
  title,
  subtitle,
  actions,
}: {
  icon?: ReactNode;
  title: string;
  subtitle?: string;
  actions?: ReactNode;
}) {
  return (
    <header className="page-intro">
      <div className="flex items-start gap-4">
        {icon && (
          <div className="page-intro-icon" aria-hidden="true">
            {icon}
          </div>
        )}
        <div className="min-w-0">
          <h1 className="page-title">{title}</h1>
          {subtitle && <p className="page-subtitle">{subtitle}</p>}
        </div>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </header>
  );
}

/** A dashed panel that holds an empty state, so it reads as "a place where things will be". */
export function EmptyPanel({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <section className={cx("empty-panel", className)}>{children}</section>
  );
}
