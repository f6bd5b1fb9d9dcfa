import type { HTMLAttributes } from "react";
import { cx } from "#app/lib/cx.ts";

/** Centres content at the site's maximum width with responsive side padding. */
export function Container({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cx("mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8", className)} {...props} />;
}
