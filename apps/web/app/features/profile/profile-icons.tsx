// Line icons of the profile pages (the frame is components/line-icon.tsx). They only appear on
// profile pages, so they are inline here instead of joining the site-wide sprite.
import { LineIcon, type LineIconProps } from "#app/components/line-icon.tsx";

export function DesktopIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="2.5" y="4" width="19" height="12.5" rx="2" />
      <path d="M8.5 20.5h7M12 16.5v4" />
    </LineIcon>
  );
}

export function MobileIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </LineIcon>
  );
}

export function TabletIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="4" y="2.5" width="16" height="19" rx="2.5" />
      <path d="M10.5 18.5h3" />
    </LineIcon>
  );
}

export function MapPinIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 21s-7-6.1-7-11.5a7 7 0 0 1 14 0C19 14.9 12 21 12 21Z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </LineIcon>
  );
}

export function ClockIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3.2 2" />
    </LineIcon>
  );
}

export function SignOutIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M14 4.5H6.5a2 2 0 0 0-2 2v11a2 2 0 0 0 2 2H14" />
      <path d="M10 12h10.5M17 8.5l3.5 3.5-3.5 3.5" />
    </LineIcon>
  );
}

export function KeyIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="8" cy="15" r="4.5" />
      <path d="M11.2 11.8 20 3M16.5 6.5l2.5 2.5M14 9l2 2" />
    </LineIcon>
  );
}

export function MailIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3" y="5" width="18" height="14" rx="2.5" />
      <path d="m4 7 8 6 8-6" />
    </LineIcon>
  );
}

export function PhoneIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M5 3.5h3.2l1.6 4.2-2.1 1.5a11 11 0 0 0 5.1 5.1l1.5-2.1 4.2 1.6V17a3 3 0 0 1-3.2 3A15.5 15.5 0 0 1 2 6.7 3 3 0 0 1 5 3.5Z" />
    </LineIcon>
  );
}

export function AtIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="3.8" />
      <path d="M15.8 8.5v4.8a2.7 2.7 0 0 0 5.2 1A9 9 0 1 0 17 19.5" />
    </LineIcon>
  );
}

export function CalendarIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3.5" y="5" width="17" height="15.5" rx="2.5" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </LineIcon>
  );
}

export function CameraIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M4 8a2 2 0 0 1 2-2h2l1.5-2h5L16 6h2a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2Z" />
      <circle cx="12" cy="12.5" r="3.5" />
    </LineIcon>
  );
}

export function VerifiedIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="m12 2.8 2.3 1.7 2.8-.1.9 2.7 2.3 1.6-.9 2.7.9 2.7-2.3 1.6-.9 2.7-2.8-.1L12 21.2l-2.3-1.7-2.8.1-.9-2.7-2.3-1.6.9-2.7-.9-2.7L6 6.1l.9-2.7 2.8.1Z" />
      <path d="m8.8 12.2 2.2 2.2 4.3-4.6" />
    </LineIcon>
  );
}

export function AlertCircleIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7.5v5.5M12 16.3v.2" />
    </LineIcon>
  );
}

export function CopyIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="8.5" y="8.5" width="12" height="12" rx="2.5" />
      <path d="M15.5 8.5V6a2.5 2.5 0 0 0-2.5-2.5H6A2.5 2.5 0 0 0 3.5 6v7A2.5 2.5 0 0 0 6 15.5h2.5" />
    </LineIcon>
  );
}

export function LinkIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M10 14a4 4 0 0 0 5.7 0l3.1-3.1a4 4 0 0 0-5.7-5.7l-1.2 1.2" />
      <path d="M14 10a4 4 0 0 0-5.7 0l-3.1 3.1a4 4 0 0 0 5.7 5.7l1.2-1.2" />
    </LineIcon>
  );
}

export function TelegramIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M21 4.5 2.8 11.4c-.8.3-.8 1.4 0 1.7l4.5 1.6 1.7 5.1c.2.7 1.1.9 1.6.3l2.5-2.6 4.6 3.4c.6.5 1.5.1 1.7-.6L21.9 5.5c.2-.7-.4-1.3-.9-1Z" />
      <path d="m7.3 14.7 9.2-6.2-6.7 7.4" />
    </LineIcon>
  );
}

export function LockIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="4.5" y="10.5" width="15" height="10" rx="2.5" />
      <path d="M8 10.5V7.5a4 4 0 0 1 8 0v3M12 14.5v2" />
    </LineIcon>
  );
}

export function ShieldCheckIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M12 3 4.5 6v5.5c0 4.6 3.2 8.3 7.5 9.5 4.3-1.2 7.5-4.9 7.5-9.5V6Z" />
      <path d="m8.8 12 2.2 2.2 4.3-4.4" />
    </LineIcon>
  );
}

export function MessageIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M20.5 12a8 8 0 0 1-11.8 7L3.5 20.5 5 15.8A8 8 0 1 1 20.5 12Z" />
      <path d="M8.5 11h7M8.5 14h4.5" />
    </LineIcon>
  );
}

export function GiftBoxIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <rect x="3.5" y="8" width="17" height="4.5" rx="1" />
      <path d="M5 12.5v7a1.5 1.5 0 0 0 1.5 1.5h11a1.5 1.5 0 0 0 1.5-1.5v-7M12 8v13M12 8S11 3.5 8 3.8C5.8 4 6 7.5 8.5 8M12 8s1-4.5 4-4.2c2.2.2 2 3.7-.5 4.2" />
    </LineIcon>
  );
}

export function TrophyIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="M7 4h10v5a5 5 0 0 1-10 0Z" />
      <path d="M7 6H4v1.5A3.5 3.5 0 0 0 7.5 11M17 6h3v1.5a3.5 3.5 0 0 1-3.5 3.5M12 14v3.5M8 21h8M9 17.5h6l.5 3.5h-7Z" />
    </LineIcon>
  );
}

export function ChevronStartIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="m15 6-6 6 6 6" className="rtl:[transform:scaleX(-1)] rtl:[transform-origin:center]" />
    </LineIcon>
  );
}

export function ChevronEndIcon(props: LineIconProps) {
  return (
    <LineIcon {...props}>
      <path d="m9 6 6 6-6 6" className="rtl:[transform:scaleX(-1)] rtl:[transform-origin:center]" />
    </LineIcon>
  );
}
