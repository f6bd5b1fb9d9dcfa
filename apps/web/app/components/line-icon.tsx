// The frame of the inline line icons that only some features use (components/page-icons.tsx,
// features/profile/profile-icons.tsx, features/notifications/notification-icons.tsx): drawn like the sprite of icons.tsx (24px grid, 1.75 stroke,
// the text colour, hidden from assistive technology), with the drawing as children.
import type { ReactNode } from "react";
import { cx } from "#app/lib/cx.ts";

export type LineIconProps = { className?: string };

export function LineIcon({ className, children }: LineIconProps & { children: ReactNode }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={cx("size-5 shrink-0", className)}
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}
