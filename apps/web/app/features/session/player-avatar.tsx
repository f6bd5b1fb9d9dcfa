import type { Profile } from "@playfair/contracts/player/profile";
import { cx } from "#app/lib/cx.ts";
import { displayName } from "./session-keys.ts";

type AvatarProfile = Pick<Profile, "id" | "nickname" | "firstName" | "tgUserId" | "email" | "avatarUrl">;

// Warm and cool pairs from the palette; the player id picks one, so a player keeps their colour.
const GRADIENTS = [
  "from-brand-400 to-brand-700",
  "from-gold-300 to-gold-600",
  "from-brand-300 to-gold-500",
  "from-gold-400 to-brand-600",
];

function hash(value: string): number {
  let result = 0;
  for (const character of value) result = (result * 31 + character.charCodeAt(0)) >>> 0;
  return result;
}

/** One or two letters of the displayed name ("Mia Wong" -> "MW", "lucky_7" -> "L"). */
function initials(name: string): string {
  const words = name.replace(/[*_\-.]+/g, " ").trim().split(/\s+/).filter(Boolean);
  const letters = words.slice(0, 2).map((word) => Array.from(word)[0] ?? "");
  return (letters.join("") || "?").toUpperCase();
}

/** The player's chosen avatar, or their initials on a colour of their own. Decorative: names are shown beside it. */
export function PlayerAvatar({ profile, className }: { profile: AvatarProfile | null; className?: string }) {
  const name = profile ? displayName(profile) : "";
  if (profile?.avatarUrl) {
    return <img src={profile.avatarUrl} alt="" aria-hidden="true" className={cx("shrink-0 rounded-full bg-surface-muted object-cover ring-2 ring-surface", className)} />;
  }
  const gradient = GRADIENTS[hash(profile?.id ?? "") % GRADIENTS.length];
  return (
    <span
      aria-hidden="true"
      data-player-avatar=""
      className={cx("grid shrink-0 place-items-center rounded-full bg-gradient-to-br font-display font-bold text-ink-950 ring-2 ring-surface select-none", gradient, className)}
    >
      {initials(name)}
    </span>
  );
}
