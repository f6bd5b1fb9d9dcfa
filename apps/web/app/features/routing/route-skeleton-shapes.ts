// Which skeleton each page gets: read only when a skeleton is drawn, so it loads with the skeletons
// (route-skeleton-page.tsx) rather than with every first visit.
import { baseRouteName } from "#app/lib/route-name.ts";

export type SkeletonShape = "home" | "list" | "grid" | "article" | "form" | "generic";

// Base route names (no `locale-` prefix) by the shape of the page they load.
const SHAPES: Record<string, SkeletonShape> = {
  index: "home",
  locale: "home",
  "wallet-history": "list",
  bonuses: "list",
  questions: "list",
  "profile-sessions": "list",
  "profile-bonuses": "list",
  games: "grid",
  "games-providers": "grid",
  "games-params": "grid",
  favorites: "grid",
  "recently-played": "grid",
  "welcome-package": "grid",
  slug: "article",
  "static-pageIdentity": "article",
  "bonus-pageIdentity": "article",
  "questions-pageIdentity": "article",
  referral: "article",
  contact: "form",
  wallet: "form",
  profile: "form",
  "profile-info": "form",
  "profile-limits": "form",
  "profile-personal": "form",
  "profile-settings": "form",
  "profile-settings-account": "form",
  "profile-settings-notifications": "form",
  "verify-confirmCode": "form",
  "password-reset-resetCode": "form",
  fairness: "form",
};

/** The skeleton's name: the route name without the locale prefix, then "-page" (spec 2.2). */
export function skeletonName(routeName: string): string {
  return `${baseRouteName(routeName)}-page`;
}

export function skeletonShape(routeName: string): SkeletonShape {
  return SHAPES[baseRouteName(routeName)] ?? "generic";
}
