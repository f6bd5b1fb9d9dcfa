// The session constants of @playfair/contracts/player/auth and the displayed-name rule of
// @playfair/contracts/player/profile, without zod. Those modules build their zod schemas when
// they load, so importing a value from them would put zod into the first load of every page (the
// header and the session run everywhere). session-keys.test.ts holds these equal to the contracts.
import type { Profile } from "@playfair/contracts/player/profile";

export const ACCESS_TOKEN_KEY = "access_token";
export const ACCESS_TOKEN_COOKIE_DAYS = 365;
export const TOKEN_EXPIRY_MARGIN_MS = 10_000;
export const CHANGE_SESSION_KEY = "changeSession";
export const REFRESH_LOCK_KEY = "refreshTokenLoading";
export const REFRESH_POLL_INTERVAL_MS = 500;
export const REFRESH_POLL_ATTEMPTS = 10;
export const ACCOUNT_BLOCKED_REASONS = ["blocked", "selfExcluded", "coolingOff", "closed"] as const;

/** Spec 3: nickname, first name, Telegram user id, the masked e-mail name, else "Unknown". */
export function displayName(profile: Pick<Profile, "nickname" | "firstName" | "tgUserId" | "email">): string {
  if (profile.nickname) return profile.nickname;
  if (profile.firstName) return profile.firstName;
  if (profile.tgUserId) return profile.tgUserId;
  if (profile.email) return maskedNickname(profile.email);
  return "Unknown";
}

/** Spec 3: the e-mail's local part with its last three characters hidden (first letter + stars under 4). */
function maskedNickname(email: string): string {
  const characters = Array.from(email.split("@")[0] ?? "");
  if (characters.length < 4) return `${characters[0] ?? ""}***`;
  return `${characters.slice(0, -3).join("")}***`;
}
