import type { FastifyBaseLogger } from "fastify";
import * as oidc from "openid-client";
import type { OidcProviderConfig } from "../../config.ts";

/**
 * Generic OpenID Connect sign-in (authorization code flow with PKCE S256, state and nonce)
 * against the providers the operator configured. openid-client validates the ID token: its
 * signature, issuer, audience, expiry and nonce.
 */

const SCOPE = "openid email profile";
const PROVIDER_TIMEOUT_SECONDS = 10;
const LOOPBACK_HOSTS = new Set(["127.0.0.1", "localhost", "[::1]"]);

/** What a provider told us about the person who signed in. */
export type OidcIdentity = {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
  givenName: string | null;
  familyName: string | null;
};

export type AuthorizationRequest = { url: string; state: string; codeVerifier: string; nonce: string };

/** Why a callback could not be completed: the provider refused it, or could not be reached. */
export class OidcFlowError extends Error {
  readonly kind: "rejected" | "unreachable";
  constructor(kind: "rejected" | "unreachable", message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "OidcFlowError";
    this.kind = kind;
  }
}

export type OidcClients = {
  /** Providers that can be used, in configuration order. */
  providers: readonly OidcProviderConfig[];
  find(socialType: string): OidcProviderConfig | undefined;
  createAuthorizationRequest(provider: OidcProviderConfig, redirectUri: string): Promise<AuthorizationRequest>;
  completeAuthorization(
    provider: OidcProviderConfig,
    callback: { redirectUri: string; code: string; state: string; iss: string | undefined; codeVerifier: string; nonce: string },
  ): Promise<OidcIdentity>;
};

/** Plain http is only tolerated for a provider on this machine (development and tests). */
function allowsPlainHttp(issuer: URL): boolean {
  return issuer.protocol === "http:" && LOOPBACK_HOSTS.has(issuer.hostname);
}

function text(value: unknown): string | null {
  return typeof value === "string" && value.trim().length > 0 ? value.trim() : null;
}

function isVerified(value: unknown): boolean {
  // Some providers send the flag as a string.
  return value === true || value === "true";
}

function classify(error: unknown): OidcFlowError {
  if (error instanceof OidcFlowError) return error;
  if (error instanceof oidc.ResponseBodyError || error instanceof oidc.AuthorizationResponseError || error instanceof oidc.ClientError) {
    return new OidcFlowError("rejected", error.message, { cause: error });
  }
  return new OidcFlowError("unreachable", error instanceof Error ? error.message : "provider request failed", { cause: error });
}

export function createOidcClients(configured: readonly OidcProviderConfig[], logger: FastifyBaseLogger, reservedTypes: readonly string[] = []): OidcClients {
  const providers = configured.filter((provider) => {
    if (!reservedTypes.includes(provider.socialType)) return true;
    logger.warn({ socialType: provider.socialType }, "OIDC provider ignored: its socialType is reserved");
    return false;
  });
  // Discovery once per process; a failed discovery is forgotten so the next sign-in retries it.
  const configurations = new Map<string, Promise<oidc.Configuration>>();

  async function discover(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    const issuer = new URL(provider.issuer);
    const insecure = allowsPlainHttp(issuer);
    const execute = insecure ? [oidc.allowInsecureRequests] : [];
    const discovered = await oidc.discovery(issuer, provider.clientId, undefined, undefined, { execute, timeout: PROVIDER_TIMEOUT_SECONDS });
    const metadata = discovered.serverMetadata();
    // OpenID Connect Discovery: client_secret_basic when the provider lists no methods.
    const methods = metadata.token_endpoint_auth_methods_supported ?? ["client_secret_basic"];
    const authentication = !provider.clientSecret
      ? oidc.None()
      : methods.includes("client_secret_basic")
        ? oidc.ClientSecretBasic(provider.clientSecret)
        : oidc.ClientSecretPost(provider.clientSecret);
    const configuration = new oidc.Configuration(metadata, provider.clientId, provider.clientSecret, authentication);
    configuration.timeout = PROVIDER_TIMEOUT_SECONDS;
    if (insecure) oidc.allowInsecureRequests(configuration);
    return configuration;
  }

  function configurationFor(provider: OidcProviderConfig): Promise<oidc.Configuration> {
    let pending = configurations.get(provider.socialType);
    if (!pending) {
      pending = discover(provider);
      configurations.set(provider.socialType, pending);
      pending.catch((error: unknown) => {
        configurations.delete(provider.socialType);
        logger.warn({ err: error, socialType: provider.socialType }, "OIDC discovery failed");
      });
    }
    return pending;
  }

  return {
    providers,
    find: (socialType) => providers.find((provider) => provider.socialType === socialType),

    async createAuthorizationRequest(provider, redirectUri) {
      let configuration: oidc.Configuration;
      try {
        configuration = await configurationFor(provider);
      } catch (error) {
        throw new OidcFlowError("unreachable", "discovery failed", { cause: error });
      }
      const codeVerifier = oidc.randomPKCECodeVerifier();
      const state = oidc.randomState();
      const nonce = oidc.randomNonce();
      const url = oidc.buildAuthorizationUrl(configuration, {
        redirect_uri: redirectUri,
        scope: SCOPE,
        response_type: "code",
        code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: "S256",
        state,
        nonce,
      });
      return { url: url.href, state, codeVerifier, nonce };
    },

    async completeAuthorization(provider, callback) {
      try {
        const configuration = await configurationFor(provider);
        const currentUrl = new URL(callback.redirectUri);
        currentUrl.searchParams.set("code", callback.code);
        currentUrl.searchParams.set("state", callback.state);
        // RFC 9207 `iss`: checked when the client forwarded it. When it did not, the issuer the
        // state was created for stands in: state is bound to one provider and each provider has its
        // own callback path, which already defeats mix-up attacks.
        const metadata = configuration.serverMetadata();
        const iss = callback.iss ?? (metadata.authorization_response_iss_parameter_supported ? metadata.issuer : undefined);
        if (iss !== undefined) currentUrl.searchParams.set("iss", iss);
        const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
          pkceCodeVerifier: callback.codeVerifier,
          expectedState: callback.state,
          expectedNonce: callback.nonce,
          idTokenExpected: true,
        });
        const claims = tokens.claims();
        if (!claims) throw new OidcFlowError("rejected", "the provider returned no ID token");
        let details: Record<string, unknown> = claims;
        // Providers that keep profile claims out of the ID token (code flow) serve them from userinfo.
        if (text(claims.email) === null && metadata.userinfo_endpoint) {
          const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, claims.sub);
          details = { ...userInfo, ...claims, email: userInfo.email, email_verified: userInfo.email_verified };
        }
        const email = text(details.email)?.toLowerCase() ?? null;
        return {
          subject: claims.sub,
          email,
          emailVerified: email !== null && isVerified(details.email_verified),
          name: text(details.name),
          givenName: text(details.given_name),
          familyName: text(details.family_name),
        };
      } catch (error) {
        throw classify(error);
      }
    },
  };
}
