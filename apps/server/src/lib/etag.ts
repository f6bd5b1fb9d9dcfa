import { createHash } from "node:crypto";

const etags = new WeakMap<Buffer, string>();

/**
 * A strong entity tag of `body`: a digest of its bytes, so it changes exactly when the answer
 * does. Memoised per buffer; pair it with bodies that are themselves memoised (lib/json-cache.ts),
 * so a digest is computed once per new answer, not once per request.
 */
export function strongEtagOf(body: Buffer): string {
  let etag = etags.get(body);
  if (etag === undefined) {
    etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 32)}"`;
    etags.set(body, etag);
  }
  return etag;
}

// An entity-tag of RFC 9110 section 8.8.3: optional weakness prefix, then a quoted opaque tag.
const ENTITY_TAG = /(?:W\/)?"([\x21\x23-\x7e\x80-\xff]*)"/g;

/**
 * Whether an `If-None-Match` header value matches the current representation's tag `etag`
 * (RFC 9110 section 13.1.2): `*` matches any current representation; otherwise any listed tag
 * matches by weak comparison (the opaque tags are equal, a W/ prefix on either side ignored).
 */
export function ifNoneMatchMatches(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === "*") return true;
  const opaque = etag.replace(/^W\//, "");
  for (const match of header.matchAll(ENTITY_TAG)) {
    if (`"${match[1]}"` === opaque) return true;
  }
  return false;
}
