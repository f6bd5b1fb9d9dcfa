/** The built-in avatars (drawn by the web app into apps/web/public/avatars/). */
const AVATAR_COUNT = 12;

export const AVATARS: readonly { id: string; url: string }[] = Array.from({ length: AVATAR_COUNT }, (_, index) => {
  const id = `avatar-${String(index + 1).padStart(2, "0")}`;
  return { id, url: `/avatars/${id}.svg` };
});

const AVATAR_URLS = new Map(AVATARS.map((avatar) => [avatar.id, avatar.url]));

export function avatarUrl(avatarId: string | null): string | null {
  return avatarId ? (AVATAR_URLS.get(avatarId) ?? null) : null;
}

export function isKnownAvatar(avatarId: string): boolean {
  return AVATAR_URLS.has(avatarId);
}
