/**
 * "21 November 2025" in the page language. Formatted in UTC so the server's render and the
 * browser's hydration agree whatever time zone either is in.
 */
export function formatMemberSince(createdAt: string, language: string): string {
  const date = new Date(createdAt);
  if (Number.isNaN(date.getTime())) return createdAt;
  try {
    return new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/** A long id shortened for display (the full one is copied and shown as a tooltip). */
export function shortPlayerId(id: string): string {
  return id.length > 12 ? `${id.slice(0, 8)}…` : id;
}
