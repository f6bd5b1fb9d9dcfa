// Page-specific line icons (the frame is components/line-icon.tsx).
import { LineIcon, type LineIconProps } from "#app/components/line-icon.tsx";
import { cx } from "#app/lib/cx.ts";

/** A laptop and a phone: signed-in devices. */
export function DevicesIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3" y="5" width="13" height="9" rx="1.5" />
      <path d="M1.5 17.5h11" />
      <rect x="16.5" y="9" width="6" height="11" rx="1.5" />
      <path d="M19 17.5h1" />
    </LineIcon>
  );
}

export function BellIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M6 16.5V11a6 6 0 0 1 12 0v5.5l1.5 2h-15Z" />
      <path d="M10 20.5a2 2 0 0 0 4 0" />
    </LineIcon>
  );
}

/** An identity card: personal details. */
export function IdCardIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <circle cx="9" cy="11" r="2.25" />
      <path d="M5.75 16c.5-1.5 1.75-2.25 3.25-2.25s2.75.75 3.25 2.25M14.5 10h4M14.5 13.5h3" />
    </LineIcon>
  );
}

/** A list with a clock: payment history. */
export function ReceiptIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M6 3.5h12v17l-2-1.5-2 1.5-2-1.5-2 1.5-2-1.5-2 1.5Z" />
      <path d="M9 8h6M9 11.5h6M9 15h3.5" />
    </LineIcon>
  );
}

/** A speech bubble: live chat. */
export function ChatIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 5.5h16v10H10l-4.5 4v-4H4Z" />
      <path d="M8 9.5h8M8 12.5h5" />
    </LineIcon>
  );
}

/** A padlock on a card table, for pages that need an account; theme colours only. */
export function SignInArt({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 200 140" className={cx("h-auto w-full", className)} aria-hidden="true" focusable="false">
      <ellipse cx="100" cy="126" rx="70" ry="9" fill="currentColor" opacity="0.08" />
      <rect x="34" y="22" width="132" height="96" rx="18" fill="var(--color-surface-muted)" stroke="var(--color-border-strong)" strokeWidth="2" />
      <rect x="46" y="34" width="108" height="72" rx="12" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeWidth="1.5" strokeDasharray="4 6" />
      <path d="M86 66V56a14 14 0 0 1 28 0v10" fill="none" stroke="var(--color-border-strong)" strokeWidth="7" strokeLinecap="round" />
      <rect x="76" y="64" width="48" height="38" rx="9" fill="currentColor" />
      <circle cx="100" cy="80" r="5" fill="var(--color-surface)" />
      <path d="M100 83v8" stroke="var(--color-surface)" strokeWidth="4" strokeLinecap="round" />
      <g transform="translate(146 100)">
        <circle r="13" fill="var(--color-gold-400)" />
        <circle r="13" fill="none" stroke="var(--color-gold-600)" strokeWidth="3.5" strokeDasharray="4 2.8" />
        <circle r="6.5" fill="var(--color-gold-300)" stroke="var(--color-gold-600)" strokeWidth="1.5" />
      </g>
      <circle cx="40" cy="14" r="3" fill="var(--color-gold-400)" />
      <path d="M172 28v8M168 32h8" stroke="var(--color-gold-400)" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function GearIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="3" />
      <path d="M12 2.75v2.5M12 18.75v2.5M4.1 7.4l2.2 1.25M17.7 15.35l2.2 1.25M4.1 16.6l2.2-1.25M17.7 8.65l2.2-1.25" />
      <circle cx="12" cy="12" r="6.75" />
    </LineIcon>
  );
}

/** Points towards the start of the line (back); mirrored in right-to-left text. */
export function ArrowStartIcon({ className }: LineIconProps) {
  return (
    <LineIcon className={cx("rtl:-scale-x-100", className)}>
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </LineIcon>
  );
}
