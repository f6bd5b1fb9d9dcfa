import type { HTMLAttributes } from "react";
import { cx } from "#app/lib/cx.ts";

export type SkeletonShape = "rect" | "text" | "circle" | "pill";

const shapes: Record<SkeletonShape, string> = {
  rect: "rounded-lg",
  text: "h-[0.8em] rounded-full",
  circle: "aspect-square rounded-full",
  pill: "rounded-full",
};

/**
 * A grey placeholder with a soft shimmer, standing in for content that is loading. Size it with
 * classes (`h-40 w-full`). It is decorative: the region that loads should carry `aria-busy` and,
 * where useful, a visually hidden "Loading" text.
 */
export function Skeleton({ shape = "rect", className, ...props }: HTMLAttributes<HTMLDivElement> & { shape?: SkeletonShape }) {
  return <div aria-hidden="true" data-skeleton="" className={cx("skeleton", shapes[shape], className)} {...props} />;
}

/** Lines of placeholder text; the last one is shorter, like the end of a paragraph. */
export function SkeletonText({ lines = 3, className }: { lines?: number; className?: string }) {
  return (
    <div aria-hidden="true" className={cx("flex flex-col gap-2.5", className)}>
      {Array.from({ length: lines }, (_, index) => (
        <Skeleton key={index} shape="text" className={index === lines - 1 && lines > 1 ? "w-3/5" : "w-full"} />
      ))}
    </div>
  );
}
