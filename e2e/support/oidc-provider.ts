import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { E2E_OIDC_ACCOUNT, E2E_OIDC_CLIENT } from "./social-settings.ts";

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on a loopback port, for the social
 * sign-in tests. Its interaction step approves at once, so a browser or a fetch-driven test goes
 * straight from the authorization request back to the site's callback: no login form to fill.
 * The account that signs in is the one named by the `login_hint` authorization parameter, else
 * the first account.
 *
 * Run as a script for Playwright (see playwright.config.ts):
 *   OIDC_PROVIDER_PORT=4101 OIDC_APP_ORIGIN=http://127.0.0.1:3101 node e2e/support/oidc-provider.ts
 */

export type TestOidcAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  given_name?: string;
  family_name?: string;
};

export type TestOidcProviderOptions = {
  /** 0 (the default) picks a free port. */
  port?: number;
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** More clients on the same provider (so a site can be given two "providers"). */
  extraClients?: { clientId: string; clientSecret: string; redirectUris: string[] }[];
  accounts: TestOidcAccount[];
};

export type TestOidcProvider = { issuer: string; close(): Promise<void> };

// oidc-provider ships no type declarations; these are the few members used here.
type InteractionDetails = {
  prompt: { name: string; details: { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> } };
  params: Record<string, unknown>;
  session?: { accountId?: string };
  grantId?: string;
};
type Grant = {
  addOIDCScope(scope: string): void;
  addOIDCClaims(claims: string[]): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
};
type Provider = {
  callback(): (request: IncomingMessage, response: ServerResponse) => void;
  interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<InteractionDetails>;
  interactionFinished(request: IncomingMessage, response: ServerResponse, result: Record<string, unknown>, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  Grant: { new (input: { accountId: string; clientId: string }): Grant; find(id: string): Promise<Grant | undefined> };
};
type ProviderConstructor = new (issuer: string, configuration: Record<string, unknown>) => Provider;

const INTERACTION_PATH = /^\/interaction\/([A-Za-z0-9_-]+)$/;

async function loadProvider(): Promise<ProviderConstructor> {
  // A non-literal specifier: the untyped package is cast to the members above instead.
  const moduleName = "oidc-provider";
  const loaded = (await import(moduleName)) as { default: ProviderConstructor };
  return loaded.default;
}

async function approve(provider: Provider, request: IncomingMessage, response: ServerResponse, accounts: TestOidcAccount[]): Promise<void> {
  const details = await provider.interactionDetails(request, response);
  if (details.prompt.name === "login") {
    const hint = typeof details.params.login_hint === "string" ? details.params.login_hint : undefined;
    const account = accounts.find((candidate) => candidate.sub === hint) ?? accounts[0];
    if (!account) throw new Error("the test OIDC provider has no accounts");
    await provider.interactionFinished(request, response, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
    return;
  }
  if (details.prompt.name === "consent") {
    const accountId = details.session?.accountId;
    const clientId = details.params.client_id;
    if (!accountId || typeof clientId !== "string") throw new Error("consent without a signed-in account");
    const grant = (details.grantId ? await provider.Grant.find(details.grantId) : undefined) ?? new provider.Grant({ accountId, clientId });
    const { missingOIDCScope, missingOIDCClaims, missingResourceScopes } = details.prompt.details;
    if (missingOIDCScope) grant.addOIDCScope(missingOIDCScope.join(" "));
    if (missingOIDCClaims) grant.addOIDCClaims(missingOIDCClaims);
    for (const [resource, scopes] of Object.entries(missingResourceScopes ?? {})) grant.addResourceScope(resource, scopes.join(" "));
    await provider.interactionFinished(request, response, { consent: { grantId: await grant.save() } }, { mergeWithLastSubmission: true });
    return;
  }
  throw new Error(`unexpected prompt ${details.prompt.name}`);
}

export async function startTestOidcProvider(options: TestOidcProviderOptions): Promise<TestOidcProvider> {
  const Provider = await loadProvider();
  // The issuer names the port, so the provider is created after the server listens.
  const routing: { handle?: (request: IncomingMessage, response: ServerResponse) => void } = {};
  const server = createServer((request, response) => {
    if (!routing.handle) {
      response.writeHead(503).end();
      return;
    }
    routing.handle(request, response);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const accounts = options.accounts;
  const provider = new Provider(issuer, {
    clients: [{ clientId: options.clientId, clientSecret: options.clientSecret, redirectUris: options.redirectUris }, ...(options.extraClients ?? [])].map((client) => ({
      client_id: client.clientId,
      client_secret: client.clientSecret,
      redirect_uris: client.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
    })),
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: ["test-oidc-provider-cookie-key"] },
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "given_name", "family_name"] },
    features: { devInteractions: { enabled: false } },
    pkce: { required: () => true },
    // Short lifetimes, set explicitly so the provider does not print a notice for each default.
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 600, Session: 3600, Grant: 3600 },
    interactions: { url: (_context: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_context: unknown, sub: string) => {
      const account = accounts.find((candidate) => candidate.sub === sub);
      if (!account) return undefined;
      return { accountId: sub, claims: () => ({ ...account }) };
    },
  });
  const providerCallback = provider.callback();
  routing.handle = (request, response) => {
    const path = new URL(request.url ?? "/", issuer).pathname;
    if (request.method === "GET" && INTERACTION_PATH.test(path)) {
      approve(provider, request, response, accounts).catch((error: unknown) => {
        response.writeHead(400, { "content-type": "text/plain" }).end(error instanceof Error ? error.message : "interaction failed");
      });
      return;
    }
    providerCallback(request, response);
  };

  return {
    issuer,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

if (import.meta.main) {
  const port = Number(process.env.OIDC_PROVIDER_PORT ?? 4101);
  const appOrigin = process.env.OIDC_APP_ORIGIN ?? "http://127.0.0.1:3101";
  const callbackPath = `/auth/social/${E2E_OIDC_CLIENT.socialType}/callback`;
  const provider = await startTestOidcProvider({
    port,
    clientId: E2E_OIDC_CLIENT.clientId,
    clientSecret: E2E_OIDC_CLIENT.clientSecret,
    redirectUris: [`${appOrigin}${callbackPath}`, ...["de", "es", "ru", "tr", "pt-br", "fa", "hi"].map((locale) => `${appOrigin}/${locale}${callbackPath}`)],
    accounts: [{ ...E2E_OIDC_ACCOUNT }],
  });
  console.log(`test OIDC provider at ${provider.issuer}`);
  const stop = () => void provider.close().then(() => process.exit(0));
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
}
