import { createHmac, timingSafeEqual } from "node:crypto";

// Provider callbacks are signed as promise S8 (docs/promises.md) asks: HMAC-SHA256 over `<unix seconds>.<raw body>`, sent
// as `Playfair-Signature: t=<unix seconds>,v1=<hex>[,v1=<hex>...]` (several v1 values while a
// provider signs with an old and a new secret). Verified on the raw bytes, before any parsing.

export const WEBHOOK_SIGNATURE_HEADER = "playfair-signature";

/** S8: a callback older (or further in the future) than this is refused, so a captured one cannot be replayed later. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

export type SignatureFailure = "missing" | "malformed" | "outside-tolerance" | "mismatch";

export type SignatureCheck = { ok: true } | { ok: false; failure: SignatureFailure };

function hmacHex(secret: string, timestamp: number, rawBody: string): string {
  return createHmac("sha256", secret).update(`${timestamp}.${rawBody}`, "utf8").digest("hex");
}

/** The header value a provider sends: signed with every given secret (normally one). */
export function signWebhook(rawBody: string, secrets: readonly string[], now: Date): string {
  const timestamp = Math.floor(now.getTime() / 1000);
  return [`t=${timestamp}`, ...secrets.map((secret) => `v1=${hmacHex(secret, timestamp, rawBody)}`)].join(",");
}

function parseHeader(header: string): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const separator = part.indexOf("=");
    if (separator <= 0) return null;
    const name = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (name === "t") {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return null;
      timestamp = Number(value);
    } else if (name === "v1") {
      // Other schemes (v0...) are ignored, as a provider may add them; only v1 can verify.
      if (/^[0-9a-f]{64}$/.test(value)) signatures.push(value);
    }
  }
  return timestamp === null ? null : { timestamp, signatures };
}

/**
 * True when one of the header's v1 signatures was made with one of `secrets` over this exact body
 * within the tolerance. Every comparison runs in constant time over equal-length buffers.
 */
export function verifyWebhookSignature(rawBody: string, header: string | undefined, secrets: readonly string[], now: Date): SignatureCheck {
  if (!header) return { ok: false, failure: "missing" };
  const parsed = parseHeader(header);
  if (!parsed || parsed.signatures.length === 0) return { ok: false, failure: "malformed" };
  if (Math.abs(Math.floor(now.getTime() / 1000) - parsed.timestamp) > WEBHOOK_TOLERANCE_SECONDS) return { ok: false, failure: "outside-tolerance" };
  let matched = false;
  for (const secret of secrets) {
    const expected = Buffer.from(hmacHex(secret, parsed.timestamp, rawBody), "hex");
    for (const signature of parsed.signatures) {
      // No early exit: the time taken does not tell which secret or signature matched.
      if (timingSafeEqual(expected, Buffer.from(signature, "hex"))) matched = true;
    }
  }
  return matched ? { ok: true } : { ok: false, failure: "mismatch" };
}
