// Social sign-in (spec 7 "Session and registration") against a real OpenID Connect provider: the
// `oidc-provider` package on a loopback port (e2e/support/oidc-provider.ts, started by
// playwright.config.ts), which approves at once. Sign-in modal button -> provider -> site callback
// page -> signed in.
import type { Page } from "@playwright/test";
import type accountsCatalogue from "../apps/web/app/locales/en/accounts.json";
import { expect, fill, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { E2E_OIDC_ACCOUNT, E2E_OIDC_CLIENT } from "./support/social-settings.ts";

const accounts = readCatalogue<typeof accountsCatalogue>("en", "accounts");

const signedInHeader = (page: Page) => page.getByRole("banner").locator("[data-signed-in-player]");
const guestSignIn = (page: Page) => page.getByRole("banner").locator('[data-action="sign-in"]');

async function signInWithProvider(page: Page): Promise<{ playerId: string; isNew: boolean }> {
  await gotoHydrated(page, "/?sign-in=true");
  const dialog = page.getByRole("dialog");
  const button = dialog.getByRole("button", { name: fill(accounts.social.continueWith, { provider: E2E_OIDC_CLIENT.name }) });
  await expect(button).toBeVisible();

  const callback = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/player/sessions/social");
  await button.click();
  const answer = await callback;
  expect(answer.status(), await answer.text()).toBe(200);
  const session = (await answer.json()) as { profile: { id: string; email: string; isNewlyRegistered: boolean } };
  expect(session.profile.email).toBe(E2E_OIDC_ACCOUNT.email);

  await expect(signedInHeader(page)).toHaveAttribute("data-signed-in-player", session.profile.id);
  await expect.poll(() => new URL(page.url()).pathname).toBe("/");
  return { playerId: session.profile.id, isNew: session.profile.isNewlyRegistered };
}

test.describe("social sign-in", () => {
  test("the sign-in modal's provider button signs up, and later signs the same player in", async ({ page, context }) => {
    const first = await signInWithProvider(page);
    expect(first.isNew).toBe(true);

    // A fresh browser session: the site forgets the player, the provider still approves at once.
    await context.clearCookies();
    await page.evaluate(() => window.localStorage.clear());
    await gotoHydrated(page, "/");
    await expect(signedInHeader(page)).toHaveCount(0);
    await expect(guestSignIn(page).filter({ visible: true }).first()).toBeVisible();

    const again = await signInWithProvider(page);
    expect(again).toEqual({ playerId: first.playerId, isNew: false });
  });

  test("a callback address opened in another browser (no matching start) does not sign in", async ({ page }) => {
    await gotoHydrated(page, `/auth/social/${E2E_OIDC_CLIENT.socialType}/callback?code=forged-code&state=forged-state`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(signedInHeader(page)).toHaveCount(0);
  });
});
