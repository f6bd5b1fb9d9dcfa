// The linked sign-in providers as rows of the account settings: every provider the operator set
// up, linked or not, plus any linked one that has since been removed from the list (so it can
// still be unlinked). Telegram has its own card.
import type { SocialConnections } from "./profile-api.ts";

export const TELEGRAM = "telegram";

type Connection = SocialConnections["connections"][number];
export type SocialRow = { socialType: string; name: string; connection: Connection | null };

export function socialRows(response: SocialConnections): SocialRow[] {
  const linked = new Map(response.connections.map((connection) => [connection.socialType, connection]));
  const rows: SocialRow[] = response.available
    .filter((provider) => provider.socialType !== TELEGRAM)
    .map((provider) => ({ socialType: provider.socialType, name: provider.name, connection: linked.get(provider.socialType) ?? null }));
  const listed = new Set(rows.map((row) => row.socialType));
  for (const connection of response.connections) {
    if (connection.socialType === TELEGRAM || listed.has(connection.socialType)) continue;
    rows.push({ socialType: connection.socialType, name: connection.provider, connection });
  }
  return rows;
}

const TONES = [
  "bg-[linear-gradient(135deg,var(--color-iris-400),var(--color-iris-700))]",
  "bg-[linear-gradient(135deg,var(--color-ruby-400),var(--color-ruby-700))]",
  "bg-[linear-gradient(135deg,var(--color-brand-400),var(--color-brand-700))]",
  "bg-[linear-gradient(135deg,var(--color-gold-500),var(--color-gold-700))]",
  "bg-[linear-gradient(135deg,var(--color-ink-500),var(--color-ink-800))]",
] as const;

/** A steady colour per provider key, so each provider's tile looks the same on every visit. */
export function providerTone(socialType: string): string {
  let hash = 0;
  for (const character of socialType) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return TONES[hash % TONES.length] ?? TONES[0];
}
