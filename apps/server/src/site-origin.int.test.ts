import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestOidcProvider, type TestOidcProvider } from "../../../e2e/support/oidc-provider.ts";
import { rawRequest, type RawResponse } from "../test/raw-request.ts";
import { startTestServer, type TestServer } from "../test/test-server.ts";
import { createPlayer, latestMessage, mailbox } from "./modules/messaging/accounts-test-kit.ts";
import { registrationBody } from "./modules/player/player-test-helpers.ts";

// Every absolute address the site produces is built on its configured origin (PUBLIC_ORIGIN, else
// http://localhost:PORT), never on what a request says about itself. Each flow is driven by a
// client that lies about the host in every header it can, and the edge is trusted (TRUSTED_PROXIES),
// so even the forwarded headers a real proxy would set are believed by the server.

const ATTACKER = "attacker.example";
const FOREIGN_HEADERS = {
  host: ATTACKER,
  "x-forwarded-host": ATTACKER,
  "x-forwarded-proto": "https",
  forwarded: `host=${ATTACKER};proto=https`,
  referer: `https://${ATTACKER}/wallet`,
};
const FIREFOX = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";

const SETUPS = [
  { name: "without PUBLIC_ORIGIN (the demo default)", env: { PORT: "4321" }, origin: "http://localhost:4321" },
  { name: "with PUBLIC_ORIGIN", env: { PUBLIC_ORIGIN: "https://playfair.example/" }, origin: "https://playfair.example" },
] as const;

let provider: TestOidcProvider;

beforeAll(async () => {
  provider = await startTestOidcProvider({
    clientId: "playfair-local",
    clientSecret: "local-secret",
    redirectUris: SETUPS.map((setup) => `${setup.origin}/auth/social/local/callback`),
    accounts: [{ sub: "alice", email: "alice@example.test", email_verified: true }],
  });
  // The web build is loaded before the servers start, so a slow first import does not run into
  // Fastify's plugin start-up timeout.
  await import(new URL("../../web/build/server/index.js", import.meta.url).href);
}, 120_000);

afterAll(async () => {
  await provider?.close();
});

/** Every absolute http(s) address in a text. */
function absoluteAddresses(text: string): string[] {
  return [...text.matchAll(/https?:\/\/[^\s"'<>)]+/g)].map((match) => match[0]);
}

describe.each(SETUPS)("addresses the site produces, $name", ({ env, origin }) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      web: "production",
      env: {
        ...env,
        TRUSTED_PROXIES: "127.0.0.1",
        CAPTCHA_PROVIDER: "off",
        RATE_LIMIT_ENABLED: "false",
        RENDER_WORKERS: "0",
        GUEST_PAGE_CACHE_MS: "60000",
        OIDC_PROVIDERS: JSON.stringify([{ socialType: "local", name: "Local ID", issuer: provider.issuer, clientId: "playfair-local", clientSecret: "local-secret" }]),
      },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
  });

  function send(path: string, options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {}): Promise<RawResponse> {
    return rawRequest(server, path, {
      ...options,
      headers: { ...FOREIGN_HEADERS, ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    });
  }

  async function register(language = "en"): Promise<{ email: string; accessToken: string }> {
    const body = registrationBody({ language });
    const response = await send("/api/player/register", { method: "POST", body });
    expect(response.status, response.text).toBe(201);
    const json = response.json() as { session: { accessToken: string } };
    return { email: String(body.email).toLowerCase(), accessToken: json.session.accessToken };
  }

  it("mails the password reset link on the configured origin", async () => {
    const player = await createPlayer(server, { language: "de" });
    expect((await send("/api/player/passwords/reset", { method: "POST", body: { email: player.email } })).status).toBe(202);
    const message = await latestMessage(server, player.email ?? "", "password-reset");
    expect(message.links[0]).toMatch(new RegExp(`^${origin}/de/password-reset/[A-Za-z0-9_-]{43}$`));
    for (const text of [message.text, message.html ?? ""]) expect(text).not.toContain(ATTACKER);
  });

  it("mails the registration's confirmation link on the configured origin", async () => {
    const { email } = await register("de");
    const message = await latestMessage(server, email, "verify-email");
    expect(message.links[0]).toMatch(new RegExp(`^${origin}/de/verify/[A-Za-z0-9_-]{43}$`));
    for (const text of [message.text, message.html ?? ""]) expect(text).not.toContain(ATTACKER);
  });

  it("sends the registration code by SMS without any address of the request's", async () => {
    const phone = origin.startsWith("https") ? "+4915123450001" : "+4915123450002";
    const response = await send("/api/player/otp/send", { method: "POST", body: { purpose: "registration", phone } });
    expect(response.status, response.text).toBe(200);
    const [sms] = await mailbox(server, phone);
    expect(sms?.channel).toBe("sms");
    expect(sms?.text).not.toContain(ATTACKER);
    for (const address of absoluteAddresses(sms?.text ?? "")) expect(address.startsWith(origin)).toBe(true);
  });

  it("sends the browser to the OpenID Connect provider with a redirect address on the configured origin only", async () => {
    const callback = `${origin}/auth/social/local/callback`;
    const started = await send(`/api/player/social/local/start?redirectUri=${encodeURIComponent(callback)}`);
    expect(started.status, started.text).toBe(200);
    const authorization = new URL((started.json() as { url: string }).url);
    expect(authorization.searchParams.get("redirect_uri")).toBe(callback);

    // The address a forged Host names is not this site's callback, whatever the request said.
    const forged = await send(`/api/player/social/local/start?redirectUri=${encodeURIComponent(`http://${ATTACKER}/auth/social/local/callback`)}`);
    expect(forged.status).toBe(422);

    const { accessToken } = await register();
    const link = await send("/api/player/social-connections/local", { method: "POST", token: accessToken, body: { redirectUri: callback } });
    expect(link.status, link.text).toBe(200);
    expect(new URL((link.json() as { url: string }).url).searchParams.get("redirect_uri")).toBe(callback);
    const forgedLink = await send("/api/player/social-connections/local", { method: "POST", token: accessToken, body: { redirectUri: `https://${ATTACKER}/auth/social/local/callback` } });
    expect(forgedLink.status).toBe(422);
  });

  it("gives payment pages and their return redirect as addresses on the site itself", async () => {
    const { accessToken } = await register();
    const created = await send("/api/payment/invoices/deposit", {
      method: "POST",
      token: accessToken,
      body: { amount: "50", currency: "EUR", methodCode: "sandbox.deposit.skrill", fields: { playerEmail: "ada@example.com" } },
    });
    expect(created.status, created.text).toBe(201);
    const redirectUrl = (created.json() as { data: { publicData: { redirectUrl: string } } }).data.publicData.redirectUrl;
    expect(redirectUrl).toMatch(/^\/api\/payment\/sandbox\/checkout\/[^/]+$/);

    const page = await send(redirectUrl, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(ATTACKER);
    const confirmed = await send(`${redirectUrl}/confirm`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(confirmed.status).toBe(303);
    const location = String(confirmed.headers.location);
    expect(location).not.toContain(ATTACKER);
    expect(new URL(location, origin).origin).toBe(origin);
  });

  it("redirects pages within the site", async () => {
    const response = await send("/DE/games", { headers: { accept: "text/html", "user-agent": FIREFOX } });
    expect(response.status).toBe(301);
    const location = String(response.headers.location);
    expect(location).not.toContain(ATTACKER);
    expect(new URL(location, origin).href).toBe(`${origin}/de/games`);
  });

  it("links canonical, og:url and hreflang alternates on the configured origin, cached or rendered", async () => {
    const headers = { accept: "text/html", "user-agent": FIREFOX };
    const cached = await send("/de/games", { headers });
    const hit = await send("/de/games", { headers: { ...headers, host: "second-attacker.example" } });
    const rendered = await send("/de/games", { headers: { ...headers, "cache-control": "no-cache" } });
    expect(cached.headers["x-page-cache"]).toBe("miss");
    expect(hit.headers["x-page-cache"]).toBe("hit");
    expect(rendered.headers["x-page-cache"]).toBeUndefined();
    for (const page of [cached, hit, rendered]) {
      expect(page.status).toBe(200);
      const head = page.text.slice(0, page.text.indexOf("</head>"));
      expect(head).toContain(`<link rel="canonical" href="${origin}/de/games"/>`);
      expect(head).toContain(`<meta property="og:url" content="${origin}/de/games"/>`);
      const alternates = [...head.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/g)];
      expect(alternates.length).toBeGreaterThan(1);
      expect(alternates.find(([, language]) => language === "x-default")?.[2]).toBe(`${origin}/games`);
      for (const [, , href] of alternates) expect(href?.startsWith(`${origin}/`)).toBe(true);
      expect(page.text).not.toContain("attacker.example");
    }
  });
});
