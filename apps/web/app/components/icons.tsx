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

/** A chevron towards the end of the line; mirrored in right-to-left text. */
export function ChevronEndIcon({ className }: IconProps) {
  return (
    <Icon className={cx("rtl:-scale-x-100", className)}>
      <path d="m9.5 6 6 6-6 6" />
    </Icon>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="m6 9.5 6 6 6-6" />
    </Icon>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7h16M4 12h16M4 17h10" />
    </Icon>
  );
}

/** A side panel being folded towards the start; mirrored in right-to-left text. */
export function SidebarIcon({ className }: IconProps) {
  return (
    <Icon className={cx("rtl:-scale-x-100", className)}>
      <rect x="3" y="4" width="18" height="16" rx="3" />
      <path d="M9.5 4v16M6 8.5h1M6 11.5h1M15.5 10 13.5 12l2 2" />
    </Icon>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Icon>
  );
}

export function SearchIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </Icon>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="8.5" r="3.75" />
      <path d="M4.5 20.5c.9-3.6 3.9-5.75 7.5-5.75s6.6 2.15 7.5 5.75" />
    </Icon>
  );
}

export function HomeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M3.5 10.5 12 3.5l8.5 7" />
      <path d="M5.5 9v9.5a2 2 0 0 0 2 2H10v-5.5h4v5.5h2.5a2 2 0 0 0 2-2V9" />
    </Icon>
  );
}

/** Playing cards fanned out: the casino section. */
export function CardsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="8.5" y="3.5" width="11" height="15" rx="2" transform="rotate(12 14 11)" />
      <path d="M9.2 6.2 5.6 7a2 2 0 0 0-1.5 2.4l2.4 10.7a2 2 0 0 0 2.4 1.5l5-1.1" />
      <path d="m13.6 8.6 1.7 2.6-2.6 1.7-1.7-2.6Z" />
    </Icon>
  );
}

/** A crown: the welcome package. */
export function CrownIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 8.5 7.5 12 12 5.5l4.5 6.5L20 8.5 18.5 17.5h-13Z" />
      <path d="M6 20.5h12" />
    </Icon>
  );
}

export function HeartIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M12 20s-7.5-4.4-7.5-10.1A4.4 4.4 0 0 1 12 7.3a4.4 4.4 0 0 1 7.5 2.6C19.5 15.6 12 20 12 20Z" />
    </Icon>
  );
}

/** A clock with a turning-back arrow: recently played. */
export function HistoryIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.2 12.8A8 8 0 1 0 6.3 6.3L4 8.6" />
      <path d="M4 4.5v4.1h4.1M12 8v4.3l2.8 1.7" />
    </Icon>
  );
}

/** Two people: the referral programme. */
export function UsersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="9" cy="8.5" r="3.25" />
      <path d="M3 19.5c.7-3 3-4.75 6-4.75s5.3 1.75 6 4.75" />
      <path d="M15.5 5.5a3.25 3.25 0 0 1 0 6.1M17.5 14.9c1.8.6 3 2.2 3.5 4.6" />
    </Icon>
  );
}

export function QuestionIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.4 9.4a2.7 2.7 0 0 1 5.2.9c0 1.8-2.6 2.3-2.6 3.9" />
      <circle cx="12" cy="17" r="0.5" fill="currentColor" />
    </Icon>
  );
}

/** A headset: live support. */
export function HeadsetIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4.5 14v-2a7.5 7.5 0 0 1 15 0v2" />
      <rect x="3.5" y="13" width="4" height="6" rx="1.5" />
      <rect x="16.5" y="13" width="4" height="6" rx="1.5" />
      <path d="M18.5 19v.5a2 2 0 0 1-2 2H13" />
    </Icon>
  );
}

export function MailIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="m4 7 8 6 8-6" />
    </Icon>
  );
}

export function GlobeIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.6 3.6 5.6 3.6 9s-1.1 6.4-3.6 9c-2.5-2.6-3.6-5.6-3.6-9S9.5 5.6 12 3Z" />
    </Icon>
  );
}

/** A stack of coins: currencies. */
export function CoinsIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <ellipse cx="9" cy="7" rx="5.5" ry="2.5" />
      <path d="M3.5 7v4c0 1.4 2.5 2.5 5.5 2.5M3.5 11v4c0 1.4 2.5 2.5 5.5 2.5" />
      <ellipse cx="15" cy="13" rx="5.5" ry="2.5" />
      <path d="M9.5 13v4c0 1.4 2.5 2.5 5.5 2.5s5.5-1.1 5.5-2.5v-4" />
    </Icon>
  );
}

/** A door with an arrow going in: sign in; mirrored in right-to-left text. */
export function SignInIcon({ className }: IconProps) {
  return (
    <Icon className={cx("rtl:-scale-x-100", className)}>
      <path d="M14 4h3.5A2.5 2.5 0 0 1 20 6.5v11a2.5 2.5 0 0 1-2.5 2.5H14" />
      <path d="M4 12h11M11 8l4 4-4 4" />
    </Icon>
  );
}

/** A sliders icon: limits and settings. */
export function SlidersIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M4 7h9M17 7h3M4 17h3M11 17h9" />
      <circle cx="15" cy="7" r="2" />
      <circle cx="9" cy="17" r="2" />
    </Icon>
  );
}

/** A page with lines: terms and other documents. */
export function DocumentIcon(props: IconProps) {
  return (
    <Icon {...props}>
      <path d="M6.5 3h7.5l4.5 4.5v11a2.5 2.5 0 0 1-2.5 2.5h-9.5A2.5 2.5 0 0 1 4 18.5v-13A2.5 2.5 0 0 1 6.5 3Z" />
      <path d="M13.5 3v5h5M8 12.5h8M8 16h5.5" />
    </Icon>
  );
}
