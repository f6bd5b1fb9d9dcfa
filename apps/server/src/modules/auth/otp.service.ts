import { createHmac, randomInt, timingSafeEqual } from "node:crypto";
import { OTP_CODE_LENGTH, OTP_MAX_ATTEMPTS, OTP_RESEND_SECONDS, OTP_TTL_SECONDS, type OtpPurpose } from "@playfair/contracts/player/otp";
import { and, count, desc, eq, gt, isNull, sql } from "drizzle-orm";
import type { DbExecutor } from "../../db/database.ts";
import { AppError } from "../../lib/app-error.ts";
import type { ServiceDependencies } from "../../lib/service-dependencies.ts";
import type { Outbox } from "../messaging/outbox.ts";
import { MESSAGE_TEMPLATES, renderOtpMessage } from "../messaging/templates.ts";
import { oneTimeCodes } from "./auth.schema.ts";

export type OtpChannel = "sms" | "email";

export type OtpService = {
  /** Creates a code, supersedes older ones for the same destination and purpose, and enqueues it. */
  send(input: { channel: OtpChannel; destination: string; purpose: OtpPurpose; playerId?: string; locale: string }): Promise<{ expiresAt: Date; resendAvailableAt: Date }>;
  /**
   * Consumes a matching, unexpired code (inside `executor` when given, so it commits with the
   * change it authorises). Throws AppError VALIDATION_FAILED with a `code` field error otherwise.
   * With `playerId`, only a code sent for that player counts. A wrong code counts against the
   * code's attempts even when the caller's transaction rolls back.
   */
  consume(input: { channel: OtpChannel; destination: string; purpose: OtpPurpose; code: string; executor?: DbExecutor; playerId?: string }): Promise<void>;
  /**
   * Checks a code without using it up (the registration form checks the SMS code before the
   * player submits the rest; POST /register/phone then consumes it). Wrong codes count as attempts.
   */
  check(input: { channel: OtpChannel; destination: string; purpose: OtpPurpose; code: string }): Promise<void>;
};

/** Secret store name of the pepper mixed into every code hash. */
export const OTP_PEPPER_SECRET_NAME = "otp-pepper";
/** Beyond the per-code resend pause: at most this many codes per destination an hour (SMS pumping). */
const OTP_MAX_SENDS_PER_HOUR = 10;
const CODE_INCORRECT_MESSAGE = "The code is incorrect or has expired.";

export function codeError(): AppError {
  return new AppError("VALIDATION_FAILED", CODE_INCORRECT_MESSAGE, { fieldErrors: { code: [CODE_INCORRECT_MESSAGE] } });
}

export function rateLimited(message: string, retryAfterSeconds: number): AppError {
  return new AppError("RATE_LIMITED", message, { headers: { "retry-after": String(Math.max(1, Math.ceil(retryAfterSeconds))) } });
}

/** Codes are compared by destination: E.164 phones as given, e-mail addresses case-insensitively. */
function normaliseDestination(channel: OtpChannel, destination: string): string {
  const trimmed = destination.trim();
  return channel === "email" ? trimmed.toLowerCase() : trimmed;
}

/** Six digits from the CSPRNG, leading zeros kept. */
function generateOtpCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, "0");
}

export function createOtpService(dependencies: ServiceDependencies & { outbox: Outbox }): OtpService {
  const { db, now, outbox, secrets, logger } = dependencies;

  /**
   * HMAC-SHA256 keyed with a server pepper over everything the code is bound to: a database leak
   * alone does not allow brute-forcing the million possible codes offline.
   */
  async function hashCode(channel: OtpChannel, destination: string, purpose: OtpPurpose, code: string): Promise<string> {
    const pepper = await secrets.get(OTP_PEPPER_SECRET_NAME);
    return createHmac("sha256", pepper).update(`${channel}\n${destination}\n${purpose}\n${code}`).digest("hex");
  }

  async function findLiveCode(executor: DbExecutor, input: { channel: OtpChannel; destination: string; purpose: OtpPurpose; playerId?: string }) {
    const [row] = await executor
      .select()
      .from(oneTimeCodes)
      .where(
        and(
          eq(oneTimeCodes.channel, input.channel),
          eq(oneTimeCodes.destination, input.destination),
          eq(oneTimeCodes.purpose, input.purpose),
          isNull(oneTimeCodes.consumedAt),
        ),
      )
      .orderBy(desc(oneTimeCodes.createdAt))
      .limit(1);
    if (!row) return null;
    if (row.expiresAt.getTime() <= now().getTime() || row.attempts >= row.maxAttempts) return null;
    if (input.playerId !== undefined && row.playerId !== input.playerId) return null;
    return row;
  }

  function incrementAttempts(id: string) {
    return db
      .update(oneTimeCodes)
      .set({ attempts: sql`${oneTimeCodes.attempts} + 1` })
      .where(eq(oneTimeCodes.id, id));
  }

  /** The live code when `code` matches it; otherwise records the failed attempt and throws. */
  async function matchCode(
    executor: DbExecutor | undefined,
    input: { channel: OtpChannel; destination: string; purpose: OtpPurpose; code: string; playerId?: string },
  ) {
    const destination = normaliseDestination(input.channel, input.destination);
    const row = await findLiveCode(executor ?? db, { ...input, destination });
    if (!row) throw codeError();
    const expected = Buffer.from(row.codeHash, "hex");
    const given = Buffer.from(await hashCode(input.channel, destination, input.purpose, input.code.trim()), "hex");
    if (expected.length === given.length && timingSafeEqual(expected, given)) return row;
    if (executor) {
      // Not through the caller's transaction: it is about to roll back (we throw), and the failed
      // attempt must count anyway. On PGlite this statement runs right after that transaction
      // ends; awaiting it here would wait for the transaction that waits for us.
      void incrementAttempts(row.id).catch((error: unknown) => logger.error({ err: error }, "could not record a failed code attempt"));
    } else {
      await incrementAttempts(row.id);
    }
    throw codeError();
  }

  return {
    async send(input) {
      const destination = normaliseDestination(input.channel, input.destination);
      const code = generateOtpCode();
      const codeHash = await hashCode(input.channel, destination, input.purpose, code);
      return db.transaction(async (tx) => {
        const current = now();
        // One sender at a time per destination and purpose, so two quick requests cannot both pass the pause.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`otp:${input.purpose}:${destination}`}))`);
        const [latest] = await tx
          .select({ createdAt: oneTimeCodes.createdAt })
          .from(oneTimeCodes)
          .where(and(eq(oneTimeCodes.destination, destination), eq(oneTimeCodes.purpose, input.purpose)))
          .orderBy(desc(oneTimeCodes.createdAt))
          .limit(1);
        if (latest) {
          const resendAt = latest.createdAt.getTime() + OTP_RESEND_SECONDS * 1000;
          if (resendAt > current.getTime()) {
            throw rateLimited("Please wait before asking for another code.", (resendAt - current.getTime()) / 1000);
          }
        }
        const hourAgo = new Date(current.getTime() - 3_600_000);
        const [recent] = await tx
          .select({ sent: count(), oldest: sql<string | Date | null>`min(${oneTimeCodes.createdAt})` })
          .from(oneTimeCodes)
          .where(and(eq(oneTimeCodes.destination, destination), gt(oneTimeCodes.createdAt, hourAgo)));
        if (recent && recent.sent >= OTP_MAX_SENDS_PER_HOUR && recent.oldest) {
          const oldest = new Date(recent.oldest).getTime();
          throw rateLimited("Too many codes were sent to this address. Please try again later.", (oldest + 3_600_000 - current.getTime()) / 1000);
        }
        // A new code supersedes the older ones: only the latest works.
        await tx
          .update(oneTimeCodes)
          .set({ consumedAt: current })
          .where(
            and(
              eq(oneTimeCodes.destination, destination),
              eq(oneTimeCodes.purpose, input.purpose),
              isNull(oneTimeCodes.consumedAt),
            ),
          );
        const expiresAt = new Date(current.getTime() + OTP_TTL_SECONDS * 1000);
        await tx.insert(oneTimeCodes).values({
          channel: input.channel,
          destination,
          purpose: input.purpose,
          playerId: input.playerId ?? null,
          codeHash,
          maxAttempts: OTP_MAX_ATTEMPTS,
          createdAt: current,
          expiresAt,
        });
        const rendered = renderOtpMessage({ channel: input.channel, code, ttlSeconds: OTP_TTL_SECONDS, locale: input.locale });
        await outbox.enqueue(tx, { channel: input.channel, recipient: destination, template: MESSAGE_TEMPLATES.otp, ...rendered });
        return { expiresAt, resendAvailableAt: new Date(current.getTime() + OTP_RESEND_SECONDS * 1000) };
      });
    },

    async consume(input) {
      const row = await matchCode(input.executor, input);
      const executor = input.executor ?? db;
      // Conditional: of two concurrent uses of one code, one wins.
      const [used] = await executor
        .update(oneTimeCodes)
        .set({ consumedAt: now() })
        .where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.consumedAt)))
        .returning({ id: oneTimeCodes.id });
      if (!used) throw codeError();
    },

    async check(input) {
      await matchCode(undefined, input);
    },
  };
}
