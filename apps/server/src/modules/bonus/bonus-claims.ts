import { createHash } from "node:crypto";
import { and, eq, inArray, ne } from "drizzle-orm";
import { INVOICE_TYPE } from "@playfair/contracts/constants";
import type { FastifyBaseLogger } from "fastify";
import type { DbExecutor } from "../../db/database.ts";
import { paymentInvoices } from "../payment/payment.schema.ts";
import { bonusClaims } from "./bonus.schema.ts";

// Bonus abuse basics (ADR 034 "who gets nothing"): a template given without a deposit may be
// claimed once per device and once per payment account, whichever player asks. Only SHA-256
// fingerprints are kept, never the user agent, the address or the account itself.

/** Where a claim comes from: the request's user agent and address (what the auth session records too). */
export type ClaimClient = { userAgent: string | null; ip: string | null };

type Fingerprint = { kind: "device" | "paymentAccount"; fingerprint: string };

// The payment-form fields that name an account the money came from; a masked card number does not.
const ACCOUNT_FIELDS = ["wallet_id", "iban", "cpf_number", "playerEmail", "phone"] as const;

function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** The address's network: /24 for IPv4, /48 for IPv6, so a reconnect on the same line is the same device. */
export function networkOf(ip: string): string {
  const v4 = /^(?:::ffff:)?(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.\d{1,3}$/i.exec(ip);
  if (v4) return `${v4[1]}.${v4[2]}.${v4[3]}.0/24`;
  const groups = ip.toLowerCase().split(":");
  return `${groups.slice(0, 3).join(":")}::/48`;
}

/** The device fingerprint: user agent plus network, or none when the request carried neither. */
export function deviceFingerprint(client: ClaimClient): string | null {
  if (!client.userAgent && !client.ip) return null;
  return sha256(`device|${client.userAgent ?? ""}|${client.ip ? networkOf(client.ip) : ""}`);
}

async function fingerprintsOf(executor: DbExecutor, playerId: string, client: ClaimClient): Promise<Fingerprint[]> {
  const found: Fingerprint[] = [];
  const device = deviceFingerprint(client);
  if (device) found.push({ kind: "device", fingerprint: device });
  const invoices = await executor.select({ fields: paymentInvoices.fields }).from(paymentInvoices).where(and(eq(paymentInvoices.playerId, playerId), eq(paymentInvoices.type, INVOICE_TYPE.deposit)));
  const accounts = new Set<string>();
  for (const { fields } of invoices) {
    for (const name of ACCOUNT_FIELDS) {
      const value = fields[name]?.trim().toLowerCase();
      if (value) accounts.add(sha256(`account|${name}|${value}`));
    }
  }
  for (const fingerprint of accounts) found.push({ kind: "paymentAccount", fingerprint });
  return found;
}

/**
 * Records the claim of `templateId` by `playerId`; false (and a warning in the log, without any
 * personal data) when another player already claimed it from the same device or payment account.
 * Concurrent claims meet on the unique index: the later one finds the earlier's row and is refused.
 */
export async function recordClaim(executor: DbExecutor, logger: FastifyBaseLogger, claim: { templateId: string; playerId: string; client: ClaimClient }): Promise<boolean> {
  const fingerprints = await fingerprintsOf(executor, claim.playerId, claim.client);
  if (fingerprints.length === 0) return true;
  await executor
    .insert(bonusClaims)
    .values(fingerprints.map((entry) => ({ templateId: claim.templateId, fingerprintKind: entry.kind, fingerprint: entry.fingerprint, playerId: claim.playerId })))
    .onConflictDoNothing();
  const [other] = await executor
    .select({ kind: bonusClaims.fingerprintKind })
    .from(bonusClaims)
    .where(
      and(
        eq(bonusClaims.templateId, claim.templateId),
        inArray(
          bonusClaims.fingerprint,
          fingerprints.map((entry) => entry.fingerprint),
        ),
        ne(bonusClaims.playerId, claim.playerId),
      ),
    )
    .limit(1);
  if (!other) return true;
  logger.warn({ playerId: claim.playerId, templateId: claim.templateId, matchedBy: other.kind }, "no-deposit bonus refused: already claimed from this device or payment account");
  return false;
}
