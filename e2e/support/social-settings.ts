// Settings shared by playwright.config.ts (the servers' environment) and the social and Telegram
// browser tests: the local OpenID Connect provider's client and account, and the bot token the
// tests sign Telegram initData with.

export const E2E_OIDC_CLIENT = { socialType: "local", name: "Local ID", clientId: "playfair-e2e", clientSecret: "playfair-e2e-secret" } as const;

/** The account the local provider signs in (it approves without asking). */
export const E2E_OIDC_ACCOUNT = {
  sub: "e2e-social-player",
  email: "social.player@e2e.playfair.test",
  email_verified: true,
  name: "Sam Social",
  given_name: "Sam",
  family_name: "Social",
} as const;

export const E2E_TELEGRAM_BOT_TOKEN = "700000000:e2e-telegram-bot-token";

/** The OpenID Connect provider's port: next to the site's unless set (parallel runs use other site ports). */
export function e2eOidcPort(sitePort: number): number {
  return Number(process.env.PLAYWRIGHT_OIDC_PORT ?? sitePort + 1000);
}

/** OIDC_PROVIDERS for the site under test. */
export function e2eOidcProviders(issuer: string): string {
  const { socialType, name, clientId, clientSecret } = E2E_OIDC_CLIENT;
  return JSON.stringify([{ socialType, name, issuer, clientId, clientSecret }]);
}
