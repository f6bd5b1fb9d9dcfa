import { createHash, randomBytes } from "node:crypto";
import { and, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/database.ts";
import { actionTokens } from "./auth.schema.ts";

// Single-use tokens carried by links in e-mails (`action_tokens`). The link holds 32 random bytes;
// the table holds only their SHA-256, so a database leak cannot be turned into working links.

export type LinkTokenPurpose = "verify-email" | "password-reset";

function hashLinkToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/**
 * Creates a token for the player and retires the player's earlier unused ones of the same purpose:
 * only the newest link of a kind works.
 */
export async function issueLinkToken(
  executor: DbExecutor,
  input: { playerId: string; purpose: LinkTokenPurpose; subject: string | null; ttlSeconds: number; now: Date },
): Promise<string> {
  await executor
    .update(actionTokens)
    .set({ consumedAt: input.now })
    .where(and(eq(actionTokens.playerId, input.playerId), eq(actionTokens.purpose, input.purpose), isNull(actionTokens.consumedAt)));
  const token = randomBytes(32).toString("base64url");
  await executor.insert(actionTokens).values({
    tokenHash: hashLinkToken(token),
    purpose: input.purpose,
    playerId: input.playerId,
    subject: input.subject,
    createdAt: input.now,
    expiresAt: new Date(input.now.getTime() + input.ttlSeconds * 1000),
  });
  return token;
}

/** Whether the token would be accepted now, without using it (a cheap check before costly work). */
export async function isLiveLinkToken(executor: DbExecutor, input: { token: string; purpose: LinkTokenPurpose; now: Date }): Promise<boolean> {
  const [live] = await executor
    .select({ id: actionTokens.id })
    .from(actionTokens)
    .where(and(eq(actionTokens.tokenHash, hashLinkToken(input.token)), eq(actionTokens.purpose, input.purpose), isNull(actionTokens.consumedAt), gt(actionTokens.expiresAt, input.now)))
    .limit(1);
  return live !== undefined;
}

/** Serialises link requests of one player (two quick clicks cannot both pass the resend pause). */
export async function lockPlayerLinks(executor: DbExecutor, playerId: string, purpose: LinkTokenPurpose): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${`link:${purpose}:${playerId}`}))`);
}

/**
 * Marks the token used and returns what it was about, or null when it is unknown, of another
 * purpose, expired or already used. The conditional update makes two concurrent uses have one winner.
 */
export async function consumeLinkToken(
  executor: DbExecutor,
  input: { token: string; purpose: LinkTokenPurpose; now: Date },
): Promise<{ playerId: string; subject: string | null } | null> {
  const [row] = await executor
    .update(actionTokens)
    .set({ consumedAt: input.now })
    .where(
      and(
        eq(actionTokens.tokenHash, hashLinkToken(input.token)),
        eq(actionTokens.purpose, input.purpose),
        isNull(actionTokens.consumedAt),
        gt(actionTokens.expiresAt, input.now),
      ),
    )
    .returning({ playerId: actionTokens.playerId, subject: actionTokens.subject });
  return row ?? null;
}

/**
 * What a token that can no longer be used was about (used, replaced by a newer link, or expired),
 * or null when it is unknown or of another purpose: for telling a player who opens a link twice
 * that its work is already done.
 */
export async function spentLinkToken(
  executor: DbExecutor,
  input: { token: string; purpose: LinkTokenPurpose },
): Promise<{ playerId: string; subject: string | null } | null> {
  const [row] = await executor
    .select({ playerId: actionTokens.playerId, subject: actionTokens.subject })
    .from(actionTokens)
    .where(and(eq(actionTokens.tokenHash, hashLinkToken(input.token)), eq(actionTokens.purpose, input.purpose)))
    .limit(1);
  return row ?? null;
}

/** When the player last asked for a link of this purpose (for resend throttling). */
export async function lastLinkIssuedAt(executor: DbExecutor, input: { playerId: string; purpose: LinkTokenPurpose }): Promise<Date | null> {
  const [row] = await executor
    .select({ createdAt: actionTokens.createdAt })
    .from(actionTokens)
    .where(and(eq(actionTokens.playerId, input.playerId), eq(actionTokens.purpose, input.purpose)))
    .orderBy(desc(actionTokens.createdAt))
    .limit(1);
  return row?.createdAt ?? null;
}

/** Retires every unused token of the purpose (e.g. all reset links once the password changed). */
export async function retireLinkTokens(executor: DbExecutor, input: { playerId: string; purpose: LinkTokenPurpose; now: Date }): Promise<void> {
  await executor
    .update(actionTokens)
    .set({ consumedAt: input.now })
    .where(and(eq(actionTokens.playerId, input.playerId), eq(actionTokens.purpose, input.purpose), isNull(actionTokens.consumedAt)));
}
