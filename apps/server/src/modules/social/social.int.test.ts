import { AuthSessionSchema } from "@playfair/contracts/player/auth";
import { SocialConnectionsResponseSchema } from "@playfair/contracts/player/social";
import { PLAYER_STATUS } from "@playfair/contracts/constants";
import { sign } from "@telegram-apps/init-data-node";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startTestOidcProvider, type TestOidcProvider } from "../../../../../e2e/support/oidc-provider.ts";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";
import { players } from "../player/player.schema.ts";
import { socialAuthStates, socialConnections } from "./social.schema.ts";
import { SOCIAL_MESSAGES } from "./social-messages.ts";

// The site's origin as the provider sees it: redirect URIs point here, but no request is ever
// sent to it; the tests read code and state from the provider's redirect instead.
const SITE_ORIGIN = "http://playfair.test";
const BOT_TOKEN = "424242:integration-test-bot-token";
const CLIENTS = {
  local: { clientId: "playfair-local", clientSecret: "local-secret", name: "Local ID" },
  other: { clientId: "playfair-other", clientSecret: "other-secret", name: "Other ID" },
} as const;
type SocialType = keyof typeof CLIENTS;

const ACCOUNTS = [
  { sub: "alice", email: "Alice@Example.test", email_verified: true, given_name: "Alice", family_name: "Ames", name: "Alice Ames" },
  { sub: "alice-other", email: "alice.other@example.test", email_verified: true },
  { sub: "bob", email: "bob@example.test", email_verified: true, given_name: "Bob" },
  { sub: "carol", email: "carol@example.test", email_verified: true },
  { sub: "dave-unverified", email: "dave@example.test", email_verified: false, given_name: "Dave" },
  { sub: "erin", email: "erin@example.test", email_verified: true },
  { sub: "frank", email: "frank@example.test", email_verified: true },
];

let clock = { offsetMs: 0 };
let provider: TestOidcProvider;
let server: TestServer;

function callbackUrl(socialType: string, language?: string): string {
  return `${SITE_ORIGIN}${language ? `/${language}` : ""}/auth/social/${socialType}/callback`;
}

beforeAll(async () => {
  // One provider, two registered clients: two "providers" for the site, so linking a second one can be tested.
  const redirectUris = (socialType: SocialType) => [callbackUrl(socialType), callbackUrl(socialType, "de")];
  provider = await startTestOidcProvider({
    clientId: CLIENTS.local.clientId,
    clientSecret: CLIENTS.local.clientSecret,
    redirectUris: redirectUris("local"),
    extraClients: [{ clientId: CLIENTS.other.clientId, clientSecret: CLIENTS.other.clientSecret, redirectUris: redirectUris("other") }],
    accounts: ACCOUNTS,
  });
  server = await startTestServer({
    env: {
      PUBLIC_ORIGIN: SITE_ORIGIN,
      CAPTCHA_PROVIDER: "off",
      RATE_LIMIT_ENABLED: "false",
      TELEGRAM_BOT_TOKEN: BOT_TOKEN,
      OIDC_PROVIDERS: JSON.stringify(
        (Object.keys(CLIENTS) as SocialType[]).map((socialType) => ({
          socialType,
          name: CLIENTS[socialType].name,
          issuer: provider.issuer,
          clientId: CLIENTS[socialType].clientId,
          clientSecret: CLIENTS[socialType].clientSecret,
        })),
      ),
    },
    now: () => new Date(Date.now() + clock.offsetMs),
  });
});

afterAll(async () => {
  await server?.close();
  await provider?.close();
});

afterEach(() => {
  clock = { offsetMs: 0 };
});

// ---- the browser's part, played with fetch -------------------------------------------------

type Started = { url: string; binding: string; state: string };

function bindingCookieFrom(response: Response): string {
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("social_auth="));
  if (!cookie) throw new Error("no binding cookie");
  return cookie.split(";")[0]!.slice("social_auth=".length);
}

async function start(socialType: string, query: Record<string, string> = {}): Promise<Started> {
  const parameters = new URLSearchParams({ redirectUri: callbackUrl(socialType), ...query });
  const response = await server.request(`/api/player/social/${socialType}/start?${parameters}`);
  expect(response.status).toBe(200);
  const { url } = (await readJson(response)) as { url: string };
  return { url, binding: bindingCookieFrom(response), state: new URL(url).searchParams.get("state")! };
}

async function startLink(socialType: string, accessToken: string): Promise<Started> {
  const response = await server.request(`/api/player/social-connections/${socialType}`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ redirectUri: callbackUrl(socialType) }),
  });
  expect(response.status).toBe(200);
  const { url } = (await readJson(response)) as { url: string };
  return { url, binding: bindingCookieFrom(response), state: new URL(url).searchParams.get("state")! };
}

/** Follows the provider's redirects (with its cookies) until it sends the browser back to the site. */
async function authorize(url: string, account: string): Promise<{ code: string; state: string; iss: string | null }> {
  const jar = new Map<string, string>();
  let next = new URL(url);
  next.searchParams.set("login_hint", account);
  for (let hop = 0; hop < 10; hop++) {
    const response = await fetch(next, { redirect: "manual", headers: { cookie: [...jar].map(([name, value]) => `${name}=${value}`).join("; ") } });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator).trim();
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute) || /^\s*expires=Thu, 01 Jan 1970/i.test(attribute));
      if (expired) jar.delete(name);
      else jar.set(name, pair.slice(separator + 1).trim());
    }
    const location = response.headers.get("location");
    if (!location) throw new Error(`the provider stopped with ${response.status}: ${await response.text()}`);
    const target = new URL(location, next);
    if (target.origin === SITE_ORIGIN) {
      const code = target.searchParams.get("code");
      if (!code) throw new Error(`the provider answered ${target.search}`);
      return { code, state: target.searchParams.get("state")!, iss: target.searchParams.get("iss") };
    }
    next = target;
  }
  throw new Error("too many redirects");
}

async function callback(
  socialType: string,
  input: { code: string; state: string; binding?: string | null; iss?: string | null; accessToken?: string },
): Promise<Response> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (input.binding) headers.cookie = `social_auth=${input.binding}`;
  if (input.accessToken) headers.authorization = `Bearer ${input.accessToken}`;
  const query = input.iss ? `?iss=${encodeURIComponent(input.iss)}` : "";
  return server.request(`/api/player/sessions/social${query}`, {
    method: "POST",
    headers,
    body: JSON.stringify({ connection: socialType, code: input.code, state: input.state }),
  });
}

async function socialSignIn(socialType: SocialType, account: string, query: Record<string, string> = {}) {
  const started = await start(socialType, query);
  const { code, state, iss } = await authorize(started.url, account);
  const response = await callback(socialType, { code, state, iss, binding: started.binding });
  return { response, started, code };
}

async function signedIn(socialType: SocialType, account: string) {
  const { response } = await socialSignIn(socialType, account);
  expect(response.status).toBe(200);
  return AuthSessionSchema.parse(await readJson(response));
}

async function connectionsOf(accessToken: string) {
  const response = await server.request("/api/player/social-connections", { headers: { authorization: `Bearer ${accessToken}` } });
  expect(response.status).toBe(200);
  return SocialConnectionsResponseSchema.parse(await readJson(response));
}

async function unlink(accessToken: string, socialType: string): Promise<Response> {
  return server.request("/api/player/social-connections/unlink", {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ socialType }),
  });
}

async function insertPlayer(values: Partial<typeof players.$inferInsert> & { email: string }): Promise<string> {
  const [row] = await server.database.db
    .insert(players)
    .values({ currency: "USD", ...values })
    .returning({ id: players.id });
  return row!.id;
}

// ---- OpenID Connect ---------------------------------------------------------------------------

describe(`social sign-in with OpenID Connect (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  it("lists the configured providers for the sign-in buttons", async () => {
    const response = await server.request("/api/player/social/providers");
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({
      providers: [
        { socialType: "local", name: "Local ID" },
        { socialType: "other", name: "Other ID" },
      ],
    });
  });

  it("documents its endpoints in the OpenAPI document", async () => {
    const response = await server.request("/api/docs/json");
    const document = await readJson(response);
    expect(response.status, JSON.stringify(document)).toBe(200);
    for (const path of [
      "/api/player/social/providers",
      "/api/player/social/{socialType}/start",
      "/api/player/sessions/social",
      "/api/player/tg_login",
      "/api/player/social-connections",
      "/api/player/social-connections/messenger",
      "/api/player/social-connections/unlink",
      "/api/player/social-connections/{provider}",
    ]) {
      expect(Object.keys(document.paths), path).toContain(path);
    }
  });

  it("starts an authorization code request with PKCE S256, state and nonce, and stores the state", async () => {
    const started = await start("local", { affiliateTag: "aff-1", ref_id: "ref-9", currency: "eur", country: "DE" });
    const url = new URL(started.url);
    expect(url.origin).toBe(provider.issuer);
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      client_id: CLIENTS.local.clientId,
      response_type: "code",
      redirect_uri: callbackUrl("local"),
      code_challenge_method: "S256",
      scope: "openid email profile",
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get("nonce")).toBeTruthy();
    const [row] = await server.database.db.select().from(socialAuthStates).where(eq(socialAuthStates.state, started.state));
    expect(row).toBeDefined();
    expect(row!.provider).toBe("local");
    expect(row!.playerId).toBeNull();
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
    expect(JSON.parse(row!.context!)).toMatchObject({ affiliateTag: "aff-1", refId: "ref-9", currency: "EUR", country: "DE", language: "en" });
    expect(row!.context).not.toContain(started.binding);
  });

  it("refuses a redirect URI that is not this site's callback for the provider", async () => {
    for (const redirectUri of [
      "https://evil.example/auth/social/local/callback",
      `${SITE_ORIGIN}/auth/social/other/callback`,
      `${SITE_ORIGIN}/auth/social/local/callback?next=/x`,
      `${SITE_ORIGIN}/xx/auth/social/local/callback`,
      `${SITE_ORIGIN}/profile`,
      "not a url",
    ]) {
      const response = await server.request(`/api/player/social/local/start?redirectUri=${encodeURIComponent(redirectUri)}`);
      expect(response.status, redirectUri).toBe(422);
      expect((await readJson(response)).errors).toEqual({ redirectUri: [SOCIAL_MESSAGES.badRedirect] });
    }
    const unknown = await server.request(`/api/player/social/nope/start?redirectUri=${encodeURIComponent(callbackUrl("nope"))}`);
    expect(unknown.status).toBe(404);
  });

  it("signs up a new player, then signs the same player in again", async () => {
    const parameters = new URLSearchParams({ redirectUri: callbackUrl("local", "de"), affiliateTag: "stag-social", ref_id: "friend-1", currency: "EUR", country: "DE" });
    const startResponse = await server.request(`/api/player/social/local/start?${parameters}`);
    const { url } = (await readJson(startResponse)) as { url: string };
    const { code, state, iss } = await authorize(url, "alice");
    expect(iss).toBe(provider.issuer);
    const first = await callback("local", { code, state, iss, binding: bindingCookieFrom(startResponse) });
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().some((cookie) => cookie.startsWith("refresh_token="))).toBe(true);
    const session = AuthSessionSchema.parse(await readJson(first));
    expect(session.profile).toMatchObject({
      email: "alice@example.test",
      emailVerified: true,
      firstName: "Alice",
      lastName: "Ames",
      language: "de",
      currency: "EUR",
      country: "DE",
      hasPassword: false,
      isNewlyRegistered: true,
    });
    const [player] = await server.database.db.select().from(players).where(eq(players.id, session.profile.id));
    expect(player).toMatchObject({ affiliateTag: "stag-social", referrerId: "friend-1" });
    const connections = await server.database.db.select().from(socialConnections).where(eq(socialConnections.playerId, session.profile.id));
    expect(connections).toMatchObject([{ provider: "local", subject: "alice", email: "alice@example.test" }]);

    // Without the iss parameter too (a callback page that forwards only code and state).
    const { response: again } = await socialSignIn("local", "alice");
    expect(again.status).toBe(200);
    const returning = AuthSessionSchema.parse(await readJson(again));
    expect(returning.profile.id).toBe(session.profile.id);
    expect(returning.sessionId).not.toBe(session.sessionId);
    expect(returning.profile.isNewlyRegistered).toBe(false);
  });

  it("does not store an e-mail address the provider has not verified", async () => {
    const session = await signedIn("local", "dave-unverified");
    expect(session.profile).toMatchObject({ email: null, emailVerified: false, firstName: "Dave" });
  });

  it("refuses an unknown state, a state of another provider, and a reused state", async () => {
    const started = await start("local");
    const { code, state } = await authorize(started.url, "frank");
    const unknown = await callback("local", { code, state: "not-a-real-state", binding: started.binding });
    expect(unknown.status).toBe(400);
    expect(await readJson(unknown)).toMatchObject({ code: "BAD_REQUEST", message: SOCIAL_MESSAGES.stateInvalid });

    const wrongProvider = await callback("other", { code, state, binding: started.binding });
    expect(wrongProvider.status).toBe(400);
    // The state is single use even when the attempt failed.
    const afterFailure = await callback("local", { code, state, binding: started.binding });
    expect(afterFailure.status).toBe(400);

    const fresh = await start("local");
    const authorized = await authorize(fresh.url, "frank");
    expect((await callback("local", { ...authorized, binding: fresh.binding })).status).toBe(200);
    const reused = await callback("local", { ...authorized, binding: fresh.binding });
    expect(reused.status).toBe(400);
    expect((await readJson(reused)).message).toBe(SOCIAL_MESSAGES.stateInvalid);
  });

  it("refuses a callback from another browser (no or wrong binding cookie)", async () => {
    const started = await start("local");
    const { code, state } = await authorize(started.url, "frank");
    expect((await callback("local", { code, state, binding: null })).status).toBe(400);
    const other = await start("local");
    const second = await authorize(other.url, "frank");
    expect((await callback("local", { ...second, binding: started.binding })).status).toBe(400);
  });

  it("refuses a state older than 10 minutes", async () => {
    const started = await start("local");
    const { code, state } = await authorize(started.url, "frank");
    clock.offsetMs = 10 * 60_000 + 1000;
    const response = await callback("local", { code, state, binding: started.binding });
    expect(response.status).toBe(400);
    expect((await readJson(response)).message).toBe(SOCIAL_MESSAGES.stateInvalid);
  });

  it("refuses a code issued for another state (PKCE and nonce bind the code to its request)", async () => {
    const first = await start("local");
    const second = await start("local");
    const firstCode = await authorize(first.url, "frank");
    const response = await callback("local", { code: firstCode.code, state: second.state, binding: second.binding });
    expect(response.status).toBe(400);
    expect((await readJson(response)).message).toBe(SOCIAL_MESSAGES.providerRejected);
  });

  it("links into an existing player with the same verified e-mail", async () => {
    const playerId = await insertPlayer({ email: "bob@example.test", emailVerifiedAt: new Date(), passwordHash: "$argon2id$placeholder" });
    const session = await signedIn("local", "bob");
    expect(session.profile.id).toBe(playerId);
    const [connection] = await server.database.db.select().from(socialConnections).where(eq(socialConnections.subject, "bob"));
    expect(connection?.playerId).toBe(playerId);
  });

  it("does not link into an account whose own e-mail was never confirmed", async () => {
    await insertPlayer({ email: "carol@example.test", passwordHash: "$argon2id$placeholder" });
    const { response } = await socialSignIn("local", "carol");
    expect(response.status).toBe(409);
    expect((await readJson(response)).message).toBe(SOCIAL_MESSAGES.emailAccountExists);
    expect(await server.database.db.select().from(socialConnections).where(eq(socialConnections.subject, "carol"))).toEqual([]);
  });

  it("refuses a blocked player with 403 and the reason", async () => {
    const session = await signedIn("local", "erin");
    await server.database.db.update(players).set({ status: PLAYER_STATUS.blocked }).where(eq(players.id, session.profile.id));
    server.app.services.players.invalidateProfile(session.profile.id);
    const { response } = await socialSignIn("local", "erin");
    expect(response.status).toBe(403);
    expect(await readJson(response)).toMatchObject({ code: "FORBIDDEN", reason: "blocked" });
  });

  it("links a second provider to the signed-in player, lists and unlinks it, and never unlinks the last way in", async () => {
    const alice = await signedIn("local", "alice");
    const before = await connectionsOf(alice.accessToken);
    expect(before.connections.map((connection) => connection.socialType)).toEqual(["local"]);
    expect(before.connections[0]).toMatchObject({ provider: "Local ID", email: "alice@example.test" });
    expect(before.available).toEqual([
      { socialType: "other", name: "Other ID" },
      { socialType: "telegram", name: "Telegram" },
    ]);

    const started = await startLink("other", alice.accessToken);
    const [stateRow] = await server.database.db.select().from(socialAuthStates).where(eq(socialAuthStates.state, started.state));
    expect(stateRow?.playerId).toBe(alice.profile.id);
    const authorized = await authorize(started.url, "alice-other");
    const linked = await callback("other", { ...authorized, binding: started.binding, accessToken: alice.accessToken });
    expect(linked.status).toBe(200);
    const linkedBody = await readJson(linked);
    expect(linkedBody).toMatchObject({ linked: true, socialType: "other" });
    expect(linked.headers.getSetCookie().some((cookie) => cookie.startsWith("refresh_token="))).toBe(false);

    const twice = await server.request("/api/player/social-connections/other", {
      method: "POST",
      headers: { authorization: `Bearer ${alice.accessToken}`, "content-type": "application/json" },
      body: JSON.stringify({ redirectUri: callbackUrl("other") }),
    });
    expect(twice.status).toBe(409);

    const after = await connectionsOf(alice.accessToken);
    expect(after.connections.map((connection) => connection.socialType).sort()).toEqual(["local", "other"]);
    expect(after.available).toEqual([{ socialType: "telegram", name: "Telegram" }]);
    // The linked identity now signs in as Alice.
    expect((await signedIn("other", "alice-other")).profile.id).toBe(alice.profile.id);

    const unlinked = await unlink(alice.accessToken, "other");
    expect(unlinked.status).toBe(200);
    expect(SocialConnectionsResponseSchema.parse(await readJson(unlinked)).connections.map((connection) => connection.socialType)).toEqual(["local"]);

    const refused = await unlink(alice.accessToken, "local");
    expect(refused.status).toBe(422);
    expect(await readJson(refused)).toMatchObject({ code: "VALIDATION_FAILED", errors: { socialType: [SOCIAL_MESSAGES.lastSignInMethod] } });
    expect((await connectionsOf(alice.accessToken)).connections).toHaveLength(1);

    const notLinked = await unlink(alice.accessToken, "other");
    expect(notLinked.status).toBe(404);
  });

  it("lets a player with a password unlink the last provider", async () => {
    const bob = await signedIn("local", "bob");
    const response = await unlink(bob.accessToken, "local");
    expect(response.status).toBe(200);
    expect(SocialConnectionsResponseSchema.parse(await readJson(response)).connections).toEqual([]);
  });

  it("finishes a link only for the signed-in player who started it", async () => {
    const frank = await signedIn("local", "frank");
    const started = await startLink("other", frank.accessToken);
    const authorized = await authorize(started.url, "frank");
    const anonymous = await callback("other", { ...authorized, binding: started.binding });
    expect(anonymous.status).toBe(401);
    expect((await readJson(anonymous)).message).toBe(SOCIAL_MESSAGES.linkNeedsSignIn);
  });

  it("answers 409 when the identity is already linked to another player", async () => {
    const alice = await signedIn("local", "alice");
    const frank = await signedIn("local", "frank");
    const started = await startLink("other", frank.accessToken);
    // alice-other was linked to Alice above and unlinked; link it to Alice again first.
    const aliceLink = await startLink("other", alice.accessToken);
    const aliceAuthorized = await authorize(aliceLink.url, "alice-other");
    expect((await callback("other", { ...aliceAuthorized, binding: aliceLink.binding, accessToken: alice.accessToken })).status).toBe(200);

    const authorized = await authorize(started.url, "alice-other");
    const response = await callback("other", { ...authorized, binding: started.binding, accessToken: frank.accessToken });
    expect(response.status).toBe(409);
    expect((await readJson(response)).message).toBe(SOCIAL_MESSAGES.identityLinkedElsewhere);
  });

  it("requires a signed-in player for the connection endpoints", async () => {
    expect((await server.request("/api/player/social-connections")).status).toBe(401);
    const link = await server.request("/api/player/social-connections/other", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ redirectUri: callbackUrl("other") }),
    });
    expect(link.status).toBe(401);
  });
});

// ---- Telegram ---------------------------------------------------------------------------------

// Signed by an independent implementation (@telegram-apps/init-data-node), never by our own code.
function initData(user: Record<string, unknown>, options: { authDate?: Date; token?: string } = {}): string {
  return sign({ user: user as { id: number; first_name: string }, query_id: "AAH-integration", chat_type: "private" }, options.token ?? BOT_TOKEN, options.authDate ?? new Date());
}

async function tgLogin(payload: string, extra: Record<string, unknown> = {}): Promise<Response> {
  return server.request("/api/player/tg_login", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ tg_payload: payload, ...extra }),
  });
}

async function linkTelegram(accessToken: string, payload: string): Promise<Response> {
  return server.request("/api/player/social-connections/messenger", {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ tg_payload: payload }),
  });
}

describe(`Telegram mini-app sign-in (${process.env.TEST_DATABASE ?? "pglite"})`, () => {
  const newcomer = { id: 700_000_001, first_name: "Tom", last_name: "Gram", username: "tom_gram", language_code: "ru" };

  it("creates a player for a new Telegram user, then signs the same player in", async () => {
    const first = await tgLogin(initData(newcomer), { currency: "EUR", affiliate_tag: "tg-aff", ref_id: "tg-ref", fingerprint: "fp-1" });
    expect(first.status).toBe(200);
    const session = AuthSessionSchema.parse(await readJson(first));
    expect(session.profile).toMatchObject({
      nickname: "tom_gram",
      firstName: "Tom",
      lastName: "Gram",
      language: "ru",
      currency: "EUR",
      tgUserId: String(newcomer.id),
      hasPassword: false,
      isNewlyRegistered: true,
    });
    const [player] = await server.database.db.select().from(players).where(eq(players.id, session.profile.id));
    expect(player).toMatchObject({ tgUserId: newcomer.id, affiliateTag: "tg-aff", referrerId: "tg-ref" });
    const connections = await server.database.db.select().from(socialConnections).where(eq(socialConnections.playerId, session.profile.id));
    expect(connections).toMatchObject([{ provider: "telegram", subject: String(newcomer.id) }]);

    const again = await tgLogin(initData({ ...newcomer, username: "renamed" }));
    expect(again.status).toBe(200);
    const returning = AuthSessionSchema.parse(await readJson(again));
    expect(returning.profile.id).toBe(session.profile.id);
    expect(returning.profile.nickname).toBe("tom_gram");
  });

  it("skips a nickname that is taken or invalid, and an unsupported language", async () => {
    const taken = AuthSessionSchema.parse(
      await readJson(await tgLogin(initData({ id: 700_000_002, first_name: "Copy", username: "TOM_GRAM", language_code: "xx" }))),
    );
    expect(taken.profile).toMatchObject({ nickname: null, language: "en" });
    const invalid = AuthSessionSchema.parse(await readJson(await tgLogin(initData({ id: 700_000_003, first_name: "Al", username: "al" }), { language: "de" })));
    expect(invalid.profile).toMatchObject({ nickname: null, language: "de" });
  });

  it("answers 401 for tampered, foreign, stale, future or unsigned data", async () => {
    const user = { id: 700_000_010, first_name: "Mallory" };
    const valid = initData(user);
    const tampered = new URLSearchParams(valid);
    tampered.set("user", JSON.stringify({ ...user, id: newcomer.id }));
    const unsigned = new URLSearchParams(valid);
    unsigned.delete("hash");
    const stale = initData(user, { authDate: new Date(Date.now() - 86_400_000 - 60_000) });
    const future = initData(user, { authDate: new Date(Date.now() + 5 * 60_000) });
    for (const payload of [tampered.toString(), initData(user, { token: "1:another-bot" }), stale, future, unsigned.toString(), "query_id"]) {
      const response = await tgLogin(payload);
      expect(response.status).toBe(401);
      expect(await readJson(response)).toMatchObject({ code: "UNAUTHORIZED", message: SOCIAL_MESSAGES.telegramInvalid });
    }
    expect(await server.database.db.select().from(players).where(eq(players.tgUserId, user.id))).toEqual([]);
  });

  it("answers 403 with the reason for a blocked player", async () => {
    const user = { id: 700_000_020, first_name: "Blocked" };
    const session = AuthSessionSchema.parse(await readJson(await tgLogin(initData(user))));
    await server.database.db.update(players).set({ status: PLAYER_STATUS.blocked }).where(eq(players.id, session.profile.id));
    server.app.services.players.invalidateProfile(session.profile.id);
    const response = await tgLogin(initData(user));
    expect(response.status).toBe(403);
    expect(await readJson(response)).toMatchObject({ code: "FORBIDDEN", reason: "blocked" });
  });

  it("finds a player by players.tg_user_id too", async () => {
    const playerId = await insertPlayer({ email: "tg.known@example.test", tgUserId: 700_000_030 });
    const session = AuthSessionSchema.parse(await readJson(await tgLogin(initData({ id: 700_000_030, first_name: "Known" }))));
    expect(session.profile.id).toBe(playerId);
  });

  it("links Telegram to a signed-in player, who can then sign in from the mini-app and unlink it", async () => {
    const carolLike = await signedIn("local", "frank");
    const user = { id: 700_000_040, first_name: "Frank", username: "frank_tg" };
    const linked = await linkTelegram(carolLike.accessToken, initData(user));
    expect(linked.status).toBe(200);
    const body = SocialConnectionsResponseSchema.parse(await readJson(linked));
    expect(body.connections.map((connection) => connection.socialType).sort()).toEqual(["local", "telegram"]);
    expect(body.connections.find((connection) => connection.socialType === "telegram")?.provider).toBe("Telegram");
    const [player] = await server.database.db.select().from(players).where(eq(players.id, carolLike.profile.id));
    expect(player?.tgUserId).toBe(user.id);

    const fromApp = AuthSessionSchema.parse(await readJson(await tgLogin(initData(user))));
    expect(fromApp.profile.id).toBe(carolLike.profile.id);

    // Linking the same Telegram user again is harmless; another one is refused.
    expect((await linkTelegram(carolLike.accessToken, initData(user))).status).toBe(200);
    const second = await linkTelegram(carolLike.accessToken, initData({ id: 700_000_041, first_name: "Other" }));
    expect(second.status).toBe(409);

    // Already another player's Telegram.
    const alice = await signedIn("local", "alice");
    const stolen = await linkTelegram(alice.accessToken, initData(user));
    expect(stolen.status).toBe(409);
    expect((await readJson(stolen)).message).toBe(SOCIAL_MESSAGES.identityLinkedElsewhere);

    const invalid = await linkTelegram(alice.accessToken, initData({ id: 700_000_042, first_name: "X" }, { token: "1:another-bot" }));
    expect(invalid.status).toBe(422);
    expect((await readJson(invalid)).errors).toEqual({ tg_payload: [SOCIAL_MESSAGES.telegramInvalid] });

    const unlinked = await unlink(carolLike.accessToken, "telegram");
    expect(unlinked.status).toBe(200);
    const [after] = await server.database.db.select().from(players).where(eq(players.id, carolLike.profile.id));
    expect(after?.tgUserId).toBeNull();
  });

  it("refuses to unlink Telegram when it is a Telegram-only account", async () => {
    const session = AuthSessionSchema.parse(await readJson(await tgLogin(initData({ id: 700_000_050, first_name: "Only" }))));
    const response = await unlink(session.accessToken, "telegram");
    expect(response.status).toBe(422);
  });
});

describe("Telegram sign-in without a bot token", () => {
  it("answers 401", async () => {
    const bare = await startTestServer({ env: { CAPTCHA_PROVIDER: "off" } });
    try {
      const response = await bare.request("/api/player/tg_login", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ tg_payload: initData({ id: 1, first_name: "A" }) }),
      });
      expect(response.status).toBe(401);
      expect((await readJson(response)).message).toBe(SOCIAL_MESSAGES.telegramUnavailable);
      expect(await readJson(await bare.request("/api/player/social/providers"))).toEqual({ providers: [] });
    } finally {
      await bare.close();
    }
  });
});
