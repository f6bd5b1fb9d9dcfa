// The site's navigation, in one place: the header, the drawer, the footer and the mobile bottom
// bar all take their entries from here, so a section is added or renamed once.
import type { ReactNode } from "react";
import {
  CardsIcon,
  BallIcon,
  CrownIcon,
  GiftIcon,
  HeadsetIcon,
  HeartIcon,
  HistoryIcon,
  HomeIcon,
  MailIcon,
  QuestionIcon,
  UsersIcon,
} from "#app/components/icons.tsx";

export const NAV_LABEL_KEYS = [
  "nav.home",
  "nav.casino",
  "nav.sport",
  "nav.bonuses",
  "nav.welcomePackage",
  "nav.favorites",
  "nav.recentlyPlayed",
  "nav.referral",
  "nav.questions",
  "nav.support",
  "nav.contact",
] as const;

export type NavLabelKey = (typeof NAV_LABEL_KEYS)[number];

export type NavItem = {
  /** Stable id, also used as data-nav-item for tests and styling. */
  id: string;
  /** Unprefixed path; links add the current locale prefix. */
  to: string;
  labelKey: NavLabelKey;
  icon: (className?: string) => ReactNode;
  /** Other path prefixes that belong to the same section (e.g. /game/:id to Casino). */
  alsoActiveUnder?: readonly string[];
};

export const HOME: NavItem = { id: "home", to: "/", labelKey: "nav.home", icon: (c) => <HomeIcon className={c} /> };
export const CASINO: NavItem = {
  id: "casino",
  to: "/games",
  labelKey: "nav.casino",
  icon: (c) => <CardsIcon className={c} />,
  alsoActiveUnder: ["/game/"],
};
export const SPORT: NavItem = { id: "sport", to: "/sport", labelKey: "nav.sport", icon: (c) => <BallIcon className={c} /> };
export const BONUSES: NavItem = {
  id: "bonuses",
  to: "/bonuses",
  labelKey: "nav.bonuses",
  icon: (c) => <GiftIcon className={c} />,
  alsoActiveUnder: ["/bonus/"],
};
export const WELCOME_PACKAGE: NavItem = {
  id: "welcome-package",
  to: "/welcome-package",
  labelKey: "nav.welcomePackage",
  icon: (c) => <CrownIcon className={c} />,
};
const FAVORITES: NavItem = { id: "favorites", to: "/favorites", labelKey: "nav.favorites", icon: (c) => <HeartIcon className={c} /> };
const RECENTLY_PLAYED: NavItem = {
  id: "recently-played",
  to: "/recently-played",
  labelKey: "nav.recentlyPlayed",
  icon: (c) => <HistoryIcon className={c} />,
};
export const REFERRAL: NavItem = { id: "referral", to: "/referral", labelKey: "nav.referral", icon: (c) => <UsersIcon className={c} /> };
export const QUESTIONS: NavItem = { id: "questions", to: "/questions", labelKey: "nav.questions", icon: (c) => <QuestionIcon className={c} /> };
export const SUPPORT: NavItem = { id: "support", to: "/support", labelKey: "nav.support", icon: (c) => <HeadsetIcon className={c} /> };
export const CONTACT: NavItem = { id: "contact", to: "/contact", labelKey: "nav.contact", icon: (c) => <MailIcon className={c} /> };

/** The header's primary navigation (wide screens). */
export const HEADER_NAV: readonly NavItem[] = [CASINO, SPORT, BONUSES, WELCOME_PACKAGE];

/** The two big tiles at the top of the drawer: the site's two halves. */
export const DRAWER_TILES: readonly NavItem[] = [CASINO, SPORT];

export type DrawerSectionKey = "drawer.sections.yours" | "drawer.sections.more";

/** The drawer's lists under the tiles, in order; the first has no heading. */
export const DRAWER_SECTIONS: ReadonlyArray<{ id: string; labelKey: DrawerSectionKey | null; items: readonly NavItem[] }> = [
  { id: "main", labelKey: null, items: [HOME, BONUSES, WELCOME_PACKAGE] },
  { id: "yours", labelKey: "drawer.sections.yours", items: [FAVORITES, RECENTLY_PLAYED] },
  { id: "more", labelKey: "drawer.sections.more", items: [REFERRAL, QUESTIONS, SUPPORT, CONTACT] },
];

/** The mobile bottom bar's links; the fifth slot is the menu button. */
export const BOTTOM_NAV: readonly NavItem[] = [HOME, CASINO, SPORT, BONUSES];

/**
 * Whether an unprefixed pathname belongs to a navigation entry: the home entry only on "/",
 * others on their path and everything below it.
 */
export function isNavItemActive(item: Pick<NavItem, "to" | "alsoActiveUnder">, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (item.to === "/") return path === "/";
  if (path === item.to || path.startsWith(`${item.to}/`)) return true;
  return (item.alsoActiveUnder ?? []).some((prefix) => path.startsWith(prefix));
}
