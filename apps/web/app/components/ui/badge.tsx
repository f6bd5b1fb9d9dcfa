import type { HTMLAttributes } from "react";
import { cx } from "#app/lib/cx.ts";

export type BadgeTone = "neutral" | "brand" | "accent" | "success" | "attention" | "error";

const tones: Record<BadgeTone, string> = {
  neutral: "bg-surface-muted text-fg-muted ring-border",
  brand: "bg-brand-soft text-brand-fg ring-brand/20",
  accent: "bg-gold-400/20 text-gold-700 ring-gold-500/25 dark:bg-gold-400/15 dark:text-gold-300",
  success: "bg-success-soft text-success ring-success/20",
  attention: "bg-attention-soft text-attention ring-attention/20",
  error: "bg-error-soft text-error ring-error/20",
};

/** A small rounded label: a status, a count, a tag. */
export function Badge({ tone = "neutral", className, ...props }: HTMLAttributes<HTMLSpanElement> & { tone?: BadgeTone }) {
  return (
    <span
      className={cx(
        "inline-flex h-6 shrink-0 items-center gap-1 rounded-full px-2.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset",
        tones[tone],
        className,
      )}
      {...props}
    />
  );
}
