// The Telegram mini-app (spec 2.4, 7, 8): the site opened with ?botURL= inside Telegram signs in
// from Telegram's signed initData (POST /api/player/tg_login). The initData is signed with an
// independent library (@telegram-apps/init-data-node) and the bot token the e2e server runs with.
import type { Page } from "@playwright/test";
import type alertsCatalogue from "../apps/web/app/locales/en/alerts.json";
import { sign } from "@telegram-apps/init-data-node";
import { expect, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { E2E_TELEGRAM_BOT_TOKEN } from "./support/social-settings.ts";

const alerts = readCatalogue<typeof alertsCatalogue>("en", "alerts");
const BOT_URL = "https://t.me/playfair_e2e_bot/app";

const signedInHeader = (page: Page) => page.getByRole("banner").locator("[data-signed-in-player]");

function telegramUserId(): number {
  return 800_000_000 + Math.floor(Math.random() * 100_000_000);
}

/** What Telegram's own script would leave on the page before the site's code runs. */
async function openAsMiniApp(page: Page, initData: string): Promise<void> {
  await page.addInitScript((data: string) => {
    const parsed = Object.fromEntries(new URLSearchParams(data));
    (window as unknown as { Telegram: unknown }).Telegram = {
      WebApp: { initData: data, initDataUnsafe: { ...parsed, user: JSON.parse(parsed.user ?? "null") as unknown }, platform: "ios" },
    };
  }, initData);
  await gotoHydrated(page, `/?botURL=${encodeURIComponent(BOT_URL)}`);
}

test.describe("Telegram mini-app", () => {
  test("signs in with the signed initData, as the same player on every visit", async ({ page, browser }) => {
    const user = { id: telegramUserId(), first_name: "Mini", last_name: "App", username: `mini_${Date.now().toString(36)}`, language_code: "en" };
    const initData = sign({ user, query_id: "AAE2E-mini-app", chat_type: "private", chat_instance: "-1" }, E2E_TELEGRAM_BOT_TOKEN, new Date());

    const login = page.waitForResponse((response) => response.url().endsWith("/api/player/tg_login"));
    await openAsMiniApp(page, initData);
    const answer = await login;
    expect(answer.status()).toBe(200);
    const session = (await answer.json()) as { profile: { id: string; nickname: string | null; tgUserId: string | null } };
    expect(session.profile).toMatchObject({ nickname: user.username, tgUserId: String(user.id) });
    await expect(signedInHeader(page)).toHaveAttribute("data-signed-in-player", session.profile.id);
    // Messenger mode keeps the access token in localStorage (spec 3).
    expect(await page.evaluate(() => window.localStorage.getItem("access_token"))).toBeTruthy();

    // Another webview (fresh storage) with fresh initData: the same player.
    const otherContext = await browser.newContext();
    const other = await otherContext.newPage();
    const again = other.waitForResponse((response) => response.url().endsWith("/api/player/tg_login"));
    await openAsMiniApp(other, sign({ user, query_id: "AAE2E-again", chat_type: "private" }, E2E_TELEGRAM_BOT_TOKEN, new Date()));
    expect(((await (await again).json()) as { profile: { id: string } }).profile.id).toBe(session.profile.id);
    await otherContext.close();
  });

  test("initData signed with another bot's token is refused with the messenger alert", async ({ page }) => {
    const user = { id: telegramUserId(), first_name: "Forged" };
    const login = page.waitForResponse((response) => response.url().endsWith("/api/player/tg_login"));
    await openAsMiniApp(page, sign({ user, query_id: "AAE2E-forged", chat_type: "private" }, "1:not-our-bot", new Date()));
    expect((await login).status()).toBe(401);
    await expect(page.getByRole("region", { name: alerts.region }).getByText(alerts.session.messengerAuthFailed.title)).toBeVisible();
    await expect(signedInHeader(page)).toHaveCount(0);
  });

  test("a blocked account sees the blocked alert with the way to support", async ({ page }) => {
    // The e2e server's database cannot be reached from the test to block a player, so the 403
    // the server gives a blocked player (covered by the API integration tests) is played here.
    await page.route("**/api/player/tg_login", (route) =>
      route.fulfill({
        status: 403,
        contentType: "application/json",
        body: JSON.stringify({ status: 403, code: "FORBIDDEN", message: "This account is blocked.", reason: "blocked", traceId: "e2e" }),
      }),
    );
    const user = { id: telegramUserId(), first_name: "Blocked" };
    await openAsMiniApp(page, sign({ user, query_id: "AAE2E-blocked", chat_type: "private" }, E2E_TELEGRAM_BOT_TOKEN, new Date()));
    const alert = page.getByRole("region", { name: alerts.region }).getByRole("status").filter({ hasText: alerts.session.accountBlocked.title });
    await expect(alert).toBeVisible();
    // Spec 8: "error alert: account blocked, with support link".
    await expect(alert.getByRole("link")).toHaveAttribute("href", /support/);
    await expect(signedInHeader(page)).toHaveCount(0);
  });
});
