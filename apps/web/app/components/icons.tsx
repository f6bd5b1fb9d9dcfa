// Line icons drawn for Playfair on a 24px grid. They inherit the text colour and are hidden
// from assistive technology: label the control or text around them instead.
import type { ReactNode } from "react";
import { cx } from "#app/lib/cx.ts";

type IconProps = { className?: string };

function Icon({ className, children }: IconProps & { children: ReactNode }) {
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

export function SunIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="4" />
      <path d="M12 2.5v2M12 19.5v2M4.6 4.6 6 6M18 18l1.4 1.4M2.5 12h2M19.5 12h2M4.6 19.4 6 18M18 6l1.4-1.4" />
    </Icon>
  );
}

export function MoonIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M20 14.6A8.2 8.2 0 0 1 9.4 4a8.2 8.2 0 1 0 10.6 10.6Z" />
    </Icon>
  );
}

export function MonitorIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="4" width="18" height="12.5" rx="2" />
      <path d="M8.5 20.5h7M12 16.5v4" />
    </Icon>
  );
}

/** A casino chip. */
export function ChipIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <circle cx="12" cy="12" r="4.5" />
      <path d="M12 3v3M12 18v3M3 12h3M18 12h3M5.6 5.6l2.2 2.2M16.2 16.2l2.2 2.2M18.4 5.6l-2.2 2.2M7.8 16.2l-2.2 2.2" />
    </Icon>
  );
}

/** A football. */
export function BallIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 8.5l3.3 2.4-1.3 3.9H9.9l-1.3-3.9Z" />
      <path d="M12 8.5V3M15.3 10.9l5.2-1.7M14 14.8l3.3 4.5M9.9 14.8l-3.3 4.5M8.7 10.9 3.5 9.2" />
    </Icon>
  );
}

export function WalletIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M18.5 7V5.6A1.6 1.6 0 0 0 16.6 4L5.4 5.9A2.9 2.9 0 0 0 3 8.8" />
      <rect x="3" y="7" width="18" height="13" rx="2.5" />
      <path d="M21 11h-3.5a2 2 0 0 0 0 4H21" />
      <circle cx="17.5" cy="13" r="0.4" fill="currentColor" />
    </Icon>
  );
}

export function GiftIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="8" width="18" height="4" rx="1" />
      <path d="M5 12v7a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-7M12 8v13" />
      <path d="M12 8S10.6 3.5 8 3.5a2.25 2.25 0 0 0 0 4.5h4M12 8s1.4-4.5 4-4.5a2.25 2.25 0 0 1 0 4.5h-4" />
    </Icon>
  );
}

export function ShieldIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 3 4.5 6v5.6c0 4.5 3.1 8.3 7.5 9.4 4.4-1.1 7.5-4.9 7.5-9.4V6Z" />
      <path d="m8.8 12.2 2.2 2.2 4.3-4.4" />
    </Icon>
  );
}

export function CheckIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}

/** Points towards the end of the line; mirrored in right-to-left text. */
export function ArrowEndIcon({ className }: IconProps) {
  return (
    <Icon className={cx("rtl:-scale-x-100", className)}>
      <path d="M5 12h14M13 6l6 6-6 6" />
    </Icon>
  );
}
