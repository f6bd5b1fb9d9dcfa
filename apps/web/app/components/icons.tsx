// Line icons drawn for Playfair on a 24px grid. They inherit the text colour and are hidden
// from assistive technology: label the control or text around them instead.
//
// The drawings live once in an SVG sprite (icons.svg, a hashed asset the browser caches for good);
// each icon is an <svg> with a <use> of its symbol. Inline paths made every server-rendered page
// carry (and React render) the same ~30 KB of path data on every request.
import iconSpriteUrl from "./icons.svg?url&no-inline";
import { cx } from "#app/lib/cx.ts";

/** Every symbol of the sprite (its id); a unit test keeps icons.svg and this list in step. */
export const ICON_NAMES = [
  "sun", "moon", "monitor", "chip", "ball", "wallet", "gift", "shield", "check", "arrow-end", "chevron-end",
  "chevron-down", "menu", "sidebar", "close", "search", "user", "home", "cards", "crown", "heart", "history",
  "users", "question", "headset", "mail", "globe", "coins", "sign-in", "sliders", "document",
] as const;

export type IconName = (typeof ICON_NAMES)[number];

type IconProps = { className?: string };

function Icon({ name, className }: IconProps & { name: IconName }) {
  return (
    <svg viewBox="0 0 24 24" className={cx("icon size-5 shrink-0", className)} aria-hidden="true" focusable="false">
      <use href={`${iconSpriteUrl}#${name}`} />
    </svg>
  );
}

export function SunIcon({ className }: IconProps) {
  return <Icon name="sun" className={className} />;
}

export function MoonIcon({ className }: IconProps) {
  return <Icon name="moon" className={className} />;
}

export function MonitorIcon({ className }: IconProps) {
  return <Icon name="monitor" className={className} />;
}

/** A casino chip. */
export function ChipIcon({ className }: IconProps) {
  return <Icon name="chip" className={className} />;
}

/** A football. */
export function BallIcon({ className }: IconProps) {
  return <Icon name="ball" className={className} />;
}

export function WalletIcon({ className }: IconProps) {
  return <Icon name="wallet" className={className} />;
}

export function GiftIcon({ className }: IconProps) {
  return <Icon name="gift" className={className} />;
}

export function ShieldIcon({ className }: IconProps) {
  return <Icon name="shield" className={className} />;
}

export function CheckIcon({ className }: IconProps) {
  return <Icon name="check" className={className} />;
}

/** Points towards the end of the line; mirrored in right-to-left text. */
export function ArrowEndIcon({ className }: IconProps) {
  return <Icon name="arrow-end" className={cx("rtl:-scale-x-100", className)} />;
}

/** A chevron towards the end of the line; mirrored in right-to-left text. */
export function ChevronEndIcon({ className }: IconProps) {
  return <Icon name="chevron-end" className={cx("rtl:-scale-x-100", className)} />;
}

export function ChevronDownIcon({ className }: IconProps) {
  return <Icon name="chevron-down" className={className} />;
}

export function MenuIcon({ className }: IconProps) {
  return <Icon name="menu" className={className} />;
}

/** A side panel being folded towards the start; mirrored in right-to-left text. */
export function SidebarIcon({ className }: IconProps) {
  return <Icon name="sidebar" className={cx("rtl:-scale-x-100", className)} />;
}

export function CloseIcon({ className }: IconProps) {
  return <Icon name="close" className={className} />;
}

export function SearchIcon({ className }: IconProps) {
  return <Icon name="search" className={className} />;
}

export function UserIcon({ className }: IconProps) {
  return <Icon name="user" className={className} />;
}

export function HomeIcon({ className }: IconProps) {
  return <Icon name="home" className={className} />;
}

/** Playing cards fanned out: the casino section. */
export function CardsIcon({ className }: IconProps) {
  return <Icon name="cards" className={className} />;
}

/** A crown: the welcome package. */
export function CrownIcon({ className }: IconProps) {
  return <Icon name="crown" className={className} />;
}

export function HeartIcon({ className }: IconProps) {
  return <Icon name="heart" className={className} />;
}

/** A clock with a turning-back arrow: recently played. */
export function HistoryIcon({ className }: IconProps) {
  return <Icon name="history" className={className} />;
}

/** Two people: the referral programme. */
export function UsersIcon({ className }: IconProps) {
  return <Icon name="users" className={className} />;
}

export function QuestionIcon({ className }: IconProps) {
  return <Icon name="question" className={className} />;
}

/** A headset: live support. */
export function HeadsetIcon({ className }: IconProps) {
  return <Icon name="headset" className={className} />;
}

export function MailIcon({ className }: IconProps) {
  return <Icon name="mail" className={className} />;
}

export function GlobeIcon({ className }: IconProps) {
  return <Icon name="globe" className={className} />;
}

/** A stack of coins: currencies. */
export function CoinsIcon({ className }: IconProps) {
  return <Icon name="coins" className={className} />;
}

/** A sliders icon: limits and settings. */
export function SlidersIcon({ className }: IconProps) {
  return <Icon name="sliders" className={className} />;
}

/** A page with lines: terms and other documents. */
export function DocumentIcon({ className }: IconProps) {
  return <Icon name="document" className={className} />;
}
