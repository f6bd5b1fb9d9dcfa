import type { ReactNode } from "react";
import { cx } from "#app/lib/cx.ts";

export type EmptyStateProps = {
  /** An SVG illustration (decorative, `aria-hidden`); defaults to EmptyStateArt. Pass `null` for none. */
  illustration?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** A button or link, e.g. `<ButtonLink>`; several can be wrapped in a fragment. */
  action?: ReactNode;
  /** Heading level of the title, to fit the page outline (default 2). */
  headingLevel?: 2 | 3;
  /** `page` fills a page section; `inline` sits inside a card or panel. */
  size?: "page" | "inline";
  className?: string;
};

/**
 * The honest empty state: what is missing, why, and what to do next. Used wherever a list has
 * nothing to show yet, or a feature's data does not exist yet, instead of any made-up content.
 */
export function EmptyState({
  illustration,
  title,
  description,
  action,
  headingLevel = 2,
  size = "page",
  className,
}: EmptyStateProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const art = illustration === undefined ? <EmptyStateArt /> : illustration;
  return (
    <div
      data-empty-state=""
      className={cx(
        "flex flex-col items-center text-center",
        size === "page" ? "px-4 py-14 sm:py-20" : "px-4 py-8",
        className,
      )}
    >
      {art ? (
        <div className={cx("relative mb-6 text-brand", size === "page" ? "w-40 sm:w-48" : "w-28")} aria-hidden="true">
          {art}
        </div>
      ) : null}
      <Heading
        className={cx(
          "font-display font-bold tracking-tight text-balance text-fg",
          size === "page" ? "text-xl sm:text-2xl" : "text-lg",
        )}
      >
        {title}
      </Heading>
      {description ? (
        <p className={cx("mt-2 max-w-md text-pretty text-fg-muted", size === "page" ? "text-base" : "text-sm")}>{description}</p>
      ) : null}
      {action ? <div className="mt-6 flex flex-wrap items-center justify-center gap-3">{action}</div> : null}
    </div>
  );
}

/**
 * The default illustration: an empty felt table with a face-down card and a chip, drawn in the
 * current theme's colours (surface, border, brand) so it suits light and dark alike.
 */
function EmptyStateArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 140" className={cx("h-auto w-full", className)} aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="124" rx="78" ry="10" fill="currentColor" opacity="0.08" />
      <rect x="26" y="30" width="148" height="88" rx="44" fill="var(--color-surface-muted)" stroke="var(--color-border-strong)" strokeWidth="2" />
      <rect x="38" y="40" width="124" height="68" rx="34" fill="none" stroke="currentColor" strokeOpacity="0.35" strokeWidth="1.5" strokeDasharray="4 6" />
      <g transform="rotate(-10 86 72)">
        <rect x="68" y="46" width="36" height="50" rx="6" fill="var(--color-surface)" stroke="var(--color-border-strong)" strokeWidth="2" />
        <rect x="74" y="52" width="24" height="38" rx="3" fill="currentColor" opacity="0.14" />
        <path d="M86 62l6 9-6 9-6-9z" fill="currentColor" opacity="0.55" />
      </g>
      <g transform="translate(124 74)">
        <circle r="15" fill="var(--color-gold-400)" />
        <circle r="15" fill="none" stroke="var(--color-gold-600)" strokeWidth="4" strokeDasharray="4.5 3.35" />
        <circle r="8" fill="var(--color-gold-300)" stroke="var(--color-gold-600)" strokeWidth="1.5" />
      </g>
      <circle cx="46" cy="20" r="3" fill="var(--color-gold-400)" />
      <circle cx="160" cy="16" r="2" fill="currentColor" opacity="0.5" />
      <path d="M170 34v8M166 38h8" stroke="var(--color-gold-400)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}
