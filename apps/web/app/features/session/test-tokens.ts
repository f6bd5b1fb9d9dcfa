// Unsigned JWT look-alikes for tests: the client only ever reads their payload.

function base64Url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A token whose `exp` is `expiresAtMs` (rounded down to seconds), for player `sub`. */
export function fakeAccessToken(expiresAtMs: number, sub = "player-1", extra: Record<string, unknown> = {}): string {
  const header = base64Url(JSON.stringify({ alg: "HS256", typ: "JWT" }));
  const payload = base64Url(JSON.stringify({ sub, sid: "session-1", exp: Math.floor(expiresAtMs / 1000), ...extra }));
  return `${header}.${payload}.c2lnbmF0dXJl`;
}
