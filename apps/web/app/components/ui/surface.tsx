import type { HTMLAttributes } from "react";
import { cx } from "#app/lib/cx.ts";

type SurfaceElement = "div" | "section" | "article" | "aside" | "li";
type SurfaceTone = "default" | "muted" | "raised";

export type SurfaceProps = HTMLAttributes<HTMLElement> & { as?: SurfaceElement; tone?: SurfaceTone };

const tones: Record<SurfaceTone, string> = {
  default: "bg-surface",
  muted: "bg-surface-muted",
  raised: "bg-surface-raised shadow-raised",
};

/** A bordered, rounded panel on the page canvas. */
export function Surface({ as: Element = "div", tone = "default", className, ...props }: SurfaceProps) {
  return <Element className={cx("rounded-xl border border-border", tones[tone], className)} {...props} />;
}

/** A padded surface with a soft shadow: the standard content card. */
export function Card({ className, ...props }: SurfaceProps) {
  return <Surface className={cx("p-5 shadow-card sm:p-6", className)} {...props} />;
}
