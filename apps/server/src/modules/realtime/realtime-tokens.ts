import { errors, jwtVerify, SignJWT } from "jose";

/** Claims of a connection token, as Centrifugo reads them (so the same token works with Centrifugo). */
export type ConnectionClaims = {
  playerId: string;
  /** The accounts session the token was issued for: the connection ends when it is revoked. */
  sessionId: string | undefined;
  /** Seconds since the epoch. */
  expiresAt: number;
  /** Server-side subscriptions (Centrifugo's `channels` claim). */
  channels: string[];
};

export type TokenCheck = { kind: "valid"; claims: ConnectionClaims } | { kind: "expired" } | { kind: "invalid" };

export type ConnectionTokens = {
  issue(input: { playerId: string; sessionId?: string; channels: string[]; nowMs: number; ttlSeconds: number }): Promise<{ token: string; expiresAt: number }>;
  check(token: string, nowMs: number): Promise<TokenCheck>;
};

export function createConnectionTokens(loadKey: () => Promise<string>): ConnectionTokens {
  let keyBytes: Promise<Uint8Array> | undefined;
  const key = () => {
    keyBytes ??= loadKey().then((value) => new TextEncoder().encode(value));
    keyBytes.catch(() => (keyBytes = undefined));
    return keyBytes;
  };
  return {
    async issue({ playerId, sessionId, channels, nowMs, ttlSeconds }) {
      const issuedAt = Math.floor(nowMs / 1000);
      const expiresAt = issuedAt + ttlSeconds;
      const token = await new SignJWT({ channels, ...(sessionId ? { sid: sessionId } : {}) })
        .setProtectedHeader({ alg: "HS256", typ: "JWT" })
        .setSubject(playerId)
        .setIssuedAt(issuedAt)
        .setExpirationTime(expiresAt)
        .sign(await key());
      return { token, expiresAt };
    },
    async check(token, nowMs) {
      try {
        // The app clock decides expiry (tests move it), so jose's own clock check is given that time.
        const { payload } = await jwtVerify(token, await key(), { algorithms: ["HS256"], currentDate: new Date(nowMs) });
        if (typeof payload.sub !== "string" || payload.sub === "" || typeof payload.exp !== "number") return { kind: "invalid" };
        const channels = Array.isArray(payload.channels) ? payload.channels.filter((channel): channel is string => typeof channel === "string") : [];
        const sessionId = typeof payload.sid === "string" ? payload.sid : undefined;
        return { kind: "valid", claims: { playerId: payload.sub, sessionId, expiresAt: payload.exp, channels } };
      } catch (error) {
        if (error instanceof errors.JWTExpired) return { kind: "expired" };
        return { kind: "invalid" };
      }
    },
  };
}
