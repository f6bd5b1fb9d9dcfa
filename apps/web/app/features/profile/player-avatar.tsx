import { displayName, type Profile } from "@playfair/contracts/player/profile";
import { cx } from "#app/lib/cx.ts";

type AvatarProfile = Pick<Profile, "avatarUrl" | "nickname" | "firstName" | "tgUserId" | "email">;

/** The first letter of the displayed name, for players who have not chosen an avatar yet. */
export function avatarInitial(profile: Omit<AvatarProfile, "avatarUrl">): string {
  const name = displayName(profile);
  const first = Array.from(name.trim())[0];
  return first ? first.toLocaleUpperCase() : "?";
}

/**
 * The player's avatar: the chosen picture, or their initial on a jade-to-iris disc. Decorative
 * (the name is always written next to it), so it is hidden from assistive technology.
 */
export function PlayerAvatar({ profile, className }: { profile: AvatarProfile; className?: string }) {
  if (profile.avatarUrl) {
    return (
      <img
        src={profile.avatarUrl}
        alt=""
        aria-hidden="true"
        width={96}
        height={96}
        decoding="async"
        data-player-avatar={profile.avatarUrl}
        className={cx("size-12 shrink-0 rounded-full bg-surface-muted object-cover", className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-player-avatar=""
      className={cx(
        "grid size-12 shrink-0 place-items-center rounded-full bg-[linear-gradient(135deg,var(--color-brand-400),var(--color-iris-600))] font-display font-extrabold text-white",
        className,
      )}
    >
      <span className="text-[length:inherit]">{avatarInitial(profile)}</span>
    </span>
  );
}
