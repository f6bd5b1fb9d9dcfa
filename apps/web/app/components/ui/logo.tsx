import { useId } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "#app/lib/cx.ts";

/** The Playfair mark: a "P" on a jade tile with a gold chip. Decorative; label the link around it. */
export function LogoMark({ className }: { className?: string }) {
  const id = useId();
  const tile = `${id}-tile`;
  const shine = `${id}-shine`;
  return (
    <svg viewBox="0 0 32 32" className={cx("size-8 shrink-0", className)} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={tile} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2ec493" />
          <stop offset="1" stopColor="#0a5a44" />
        </linearGradient>
        <radialGradient id={shine} cx="0.3" cy="0.2" r="0.8">
          <stop offset="0" stopColor="#ffffff" stopOpacity="0.35" />
          <stop offset="1" stopColor="#ffffff" stopOpacity="0" />
        </radialGradient>
      </defs>
      <rect width="32" height="32" rx="9" fill={`url(#${tile})`} />
      <rect width="32" height="32" rx="9" fill={`url(#${shine})`} />
      <path
        d="M11 24V8h5.5a5 5 0 0 1 0 10H11"
        fill="none"
        stroke="#ffffff"
        strokeWidth="3.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="22.6" cy="22.6" r="3" fill="#ffd166" />
      <circle cx="22.6" cy="22.6" r="1.3" fill="#c7820a" />
    </svg>
  );
}

/** Mark and wordmark; `wordmarkClassName` can hide the wordmark on very narrow screens. */
export function Logo({ className, wordmarkClassName }: { className?: string; wordmarkClassName?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cx("inline-flex items-center gap-2", className)}>
      <LogoMark />
      <span className={cx("font-display text-xl font-extrabold tracking-tight text-fg", wordmarkClassName)}>{t("app.name")}</span>
    </span>
  );
}
