import type { DbExecutor } from "../../db/database.ts";
import { issueLinkToken } from "./link-tokens.ts";
import { localizedLink } from "../messaging/links.ts";
import { enqueueOutgoingMessage } from "../messaging/outbox.ts";
import { MESSAGE_TEMPLATES, renderVerifyEmailMessage } from "../messaging/templates.ts";

/** How long an e-mail confirmation link works. */
export const EMAIL_CONFIRMATION_TTL_SECONDS = 24 * 60 * 60;

/**
 * Sends the e-mail confirmation link `<origin>[/<locale>]/verify/<token>` inside the caller's
 * transaction: a single-use `action_tokens` row (purpose verify-email, about `email`) and the
 * message in the outbox commit or roll back with the change that caused them. Earlier unused
 * confirmation links of the player stop working. `now` is the caller's clock (defaults to the
 * system clock).
 */
export async function sendEmailConfirmation(
  executor: DbExecutor,
  input: { playerId: string; email: string; locale: string; origin: string; now?: Date },
): Promise<void> {
  const now = input.now ?? new Date();
  const email = input.email.trim().toLowerCase();
  const token = await issueLinkToken(executor, {
    playerId: input.playerId,
    purpose: "verify-email",
    subject: email,
    ttlSeconds: EMAIL_CONFIRMATION_TTL_SECONDS,
    now,
  });
  const link = localizedLink(input.origin, input.locale, `/verify/${token}`);
  const rendered = renderVerifyEmailMessage({ link, ttlSeconds: EMAIL_CONFIRMATION_TTL_SECONDS, locale: input.locale });
  await enqueueOutgoingMessage(executor, { channel: "email", recipient: email, template: MESSAGE_TEMPLATES.verifyEmail, ...rendered }, now);
}
