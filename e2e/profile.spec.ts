// The profile pages and their windows (spec 2.2 profile children, 2.4 modals, 7 "Player"):
// personal details that persist, nickname rules, avatars shown in the header, sessions closed from
// another device, the password, and accessibility of every page on a phone and a desktop.
import type { AuthSession } from "@playfair/contracts/player/auth";
import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import type accountsCatalogue from "../apps/web/app/locales/en/accounts.json";
import type profileCatalogue from "../apps/web/app/locales/en/profile.json";
import { expect, expectAccessible, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { registerPlayer, setAccessTokenCookie, solveCaptcha, uniqueEmail, uniquePhone, waitForMailboxMessage, type RegisteredPlayer } from "./support/accounts.ts";

const profile = readCatalogue<typeof profileCatalogue>("en", "profile");
const accounts = readCatalogue<typeof accountsCatalogue>("en", "accounts");

const dialog = (page: Page) => page.getByRole("dialog");
const alerts = (page: Page) => page.locator("[data-alert-viewport]");

async function signedIn(context: BrowserContext, page: Page, baseURL: string | undefined): Promise<RegisteredPlayer> {
  const player = await registerPlayer(page.request);
  await setAccessTokenCookie(context, baseURL ?? "", player.session.accessToken);
  return player;
}

/** A password sign-in through the API (captcha solved), as a second device would make it. */
async function signInThroughApi(request: APIRequestContext, login: string, password: string): Promise<AuthSession> {
  const response = await request.post("/api/player/sessions", { data: { login, password, captcha: await solveCaptcha(request) } });
  expect(response.status(), `POST /api/player/sessions: ${await response.text()}`).toBe(200);
  return (await response.json()) as AuthSession;
}

test.describe("profile", () => {
  test("a guest is sent to the home page with the sign-in window", async ({ page }) => {
    await page.goto("/profile/sessions");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/");
    await expect.poll(() => new URL(page.url()).searchParams.get("sign-in")).toBe("true");
  });

  test("personal details are saved and still there after a reload", async ({ page, context, baseURL, pageErrors }) => {
    await signedIn(context, page, baseURL);
    await gotoHydrated(page, "/profile/personal");
    const form = page.getByRole("form", { name: profile.personal.formLabel });
    await form.getByLabel(accounts.fields.firstName).fill("Ada");
    await form.getByLabel(accounts.fields.lastName).fill("Lovelace");
    await form.getByLabel(accounts.fields.city).fill("Berlin");
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/player/profile") && response.request().method() === "PUT");
    await form.getByRole("button", { name: profile.personal.save }).click();
    expect((await saved).status()).toBe(200);
    await expect(alerts(page)).toContainText(profile.personal.saved);

    // A rule of spec 5 is checked before anything is sent.
    await form.getByLabel(accounts.fields.firstName).fill("A");
    await form.getByRole("button", { name: profile.personal.save }).click();
    await expect(form.locator("[data-field=firstName] [data-field-error]")).toBeVisible();

    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(page.getByLabel(accounts.fields.firstName)).toHaveValue("Ada");
    await expect(page.getByLabel(accounts.fields.lastName)).toHaveValue("Lovelace");
    await expect(page.getByLabel(accounts.fields.city)).toHaveValue("Berlin");
    expect(pageErrors).toEqual([]);
  });

  test("a nickname someone has is refused under the field; a free one is shown as the name", async ({ page, context, baseURL, playwright }) => {
    const taken = `taken_${Date.now().toString(36)}`;
    const otherRequest = await playwright.request.newContext({ baseURL });
    const other = await registerPlayer(otherRequest);
    const put = await otherRequest.put("/api/player/profile", { headers: { authorization: `Bearer ${other.session.accessToken}` }, data: { nickname: taken } });
    expect(put.status()).toBe(200);
    await otherRequest.dispose();

    await signedIn(context, page, baseURL);
    await gotoHydrated(page, "/profile/info");
    await page.locator("[data-detail=nickname]").getByRole("link").click();
    const field = dialog(page).getByRole("textbox", { name: accounts.fields.nickname });
    await field.fill(taken);
    await dialog(page).getByRole("button", { name: profile.nickname.submit }).click();
    await expect(dialog(page).locator("[data-field=nickname] [data-field-error]")).toHaveText(accounts.serverErrors.nicknameTaken);

    // Spec 5: letters, digits, _ and - only; refused before sending.
    await field.fill("no spaces");
    await expect(dialog(page).locator("[data-field=nickname] [data-field-error]")).toBeVisible();

    const mine = `mine_${Date.now().toString(36)}`;
    await field.fill(mine);
    await dialog(page).getByRole("button", { name: profile.nickname.submit }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.locator("[data-display-name]")).toHaveText(mine);
    await expect(page.getByRole("banner")).toContainText(mine);
  });

  test("the avatar chosen is shown on the profile and in the header", async ({ page, context, baseURL }) => {
    await signedIn(context, page, baseURL);
    await gotoHydrated(page, "/profile/info");
    await page.locator("[data-change-avatar]").click();
    await expect(dialog(page).locator("[data-avatar-option]")).toHaveCount(12);
    await expectAccessible(page);

    // A keyboard-operable radio group: arrows move the choice.
    await dialog(page).getByRole("radio", { name: "Avatar 1", exact: true }).focus();
    await page.keyboard.press("ArrowRight");
    await expect(dialog(page).getByRole("radio", { name: "Avatar 2", exact: true })).toBeChecked();

    await dialog(page).locator("[data-avatar-option=avatar-05]").click();
    await dialog(page).getByRole("button", { name: profile.avatars.save }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.locator('[data-player-avatar="/avatars/avatar-05.svg"]')).toBeVisible();
    await expect(page.getByRole("banner").locator('img[src="/avatars/avatar-05.svg"]').first()).toBeVisible();

    await page.reload();
    await expect(page.getByRole("banner").locator('img[src="/avatars/avatar-05.svg"]').first()).toBeVisible();
  });

  test("a second device is listed, and closing it signs that device out", async ({ page, context, baseURL, browser }) => {
    const player = await signedIn(context, page, baseURL);
    const otherContext = await browser.newContext({ baseURL });
    const otherPage = await otherContext.newPage();
    const otherSession = await signInThroughApi(otherPage.request, player.email, player.password);
    await setAccessTokenCookie(otherContext, baseURL ?? "", otherSession.accessToken);
    await gotoHydrated(otherPage, "/profile/info");
    await expect(otherPage.locator("[data-profile-info]")).toBeVisible();

    await gotoHydrated(page, "/profile/sessions");
    const items = page.locator("[data-session-id]");
    await expect(items).toHaveCount(2);
    await expect(page.locator("[data-session-id][data-current]")).toHaveCount(1);
    await expect(page.locator("[data-current]")).toContainText(profile.sessions.thisDevice);
    await expectAccessible(page);

    await page.locator(`[data-session-id="${otherSession.sessionId}"]`).getByRole("button").click();
    await expect(dialog(page).locator("[data-session-logout]")).toBeVisible();
    await dialog(page).locator("[data-confirm-session-logout]").click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(items).toHaveCount(1);
    await expect(alerts(page)).toContainText(profile.sessions.closed);

    // The closed device's next call is refused, and it ends up signed out on the home page.
    await otherPage.getByRole("navigation", { name: "Profile sections" }).getByRole("link", { name: "Sessions" }).click();
    await expect.poll(() => new URL(otherPage.url()).pathname).toBe("/");
    await expect(otherPage.getByRole("banner").locator("[data-signed-in-player]")).toHaveCount(0);
    await otherContext.close();
  });

  test("the password is changed with the current one, and the new one signs in", async ({ page, context, baseURL, playwright }) => {
    const player = await signedIn(context, page, baseURL);
    await gotoHydrated(page, "/profile/settings/account");
    await page.locator("[data-password-section]").getByRole("link").click();
    const form = dialog(page);
    await form.getByLabel(accounts.fields.currentPassword, { exact: true }).fill("not-the-password");
    await form.getByLabel(accounts.fields.newPassword, { exact: true }).fill("Brand-New-Horse-7");
    await form.getByLabel(accounts.fields.repeatNewPassword, { exact: true }).fill("Brand-New-Horse-7");
    await form.getByRole("button", { name: profile.password.submit }).click();
    await expect(form.locator("[data-field=currentPassword] [data-field-error]")).toHaveText(accounts.serverErrors.currentPasswordIncorrect);

    await form.getByLabel(accounts.fields.currentPassword, { exact: true }).fill(player.password);
    await form.getByRole("button", { name: profile.password.submit }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(alerts(page)).toContainText(profile.password.saved);

    const fresh = await playwright.request.newContext({ baseURL });
    await signInThroughApi(fresh, player.email, "Brand-New-Horse-7");
    await fresh.dispose();
  });

  test("the e-mail address is changed with a code sent to the new address", async ({ page, context, baseURL, request }) => {
    const player = await signedIn(context, page, baseURL);
    await gotoHydrated(page, "/profile/info");
    await page.locator("[data-detail=email]").getByRole("link", { name: profile.common.change }).click();
    const modal = dialog(page);
    await expect(modal.locator("[data-email-modal]")).toContainText(player.email);
    const newEmail = uniqueEmail("changed");
    await modal.getByLabel(profile.email.newAddress).fill(newEmail);
    await modal.getByRole("button", { name: profile.email.sendCode }).click();
    const codeForm = modal.getByRole("form", { name: profile.otp.formLabel });
    await expect(codeForm.locator("[data-otp-destination]")).toContainText(newEmail);

    const message = await waitForMailboxMessage(request, newEmail, (sent) => sent.code !== null);
    // The last digit completes the code and submits it.
    await codeForm.getByRole("textbox").first().fill(message.code ?? "");
    await expect(dialog(page)).toHaveCount(0);
    await expect(alerts(page)).toContainText(profile.email.changed);
    await expect(page.locator("[data-detail=email]")).toContainText(newEmail);
  });

  test("a phone number is added with an SMS code", async ({ page, context, baseURL, request }) => {
    await signedIn(context, page, baseURL);
    await gotoHydrated(page, "/profile/info");
    await page.locator("[data-detail=phone]").getByRole("link", { name: profile.common.add }).click();
    const modal = dialog(page);
    await expect(modal.getByRole("form", { name: profile.phone.addTitle })).toBeVisible();
    const phone = uniquePhone();
    await modal.getByRole("textbox", { name: profile.phone.number }).fill(phone.typed);
    await modal.getByRole("button", { name: profile.phone.sendCode }).click();
    const codeForm = modal.getByRole("form", { name: profile.otp.formLabel });
    await expect(codeForm).toBeVisible();

    const sms = await waitForMailboxMessage(request, phone.e164, (sent) => sent.code !== null);
    await codeForm.getByRole("textbox").first().fill(sms.code ?? "");
    await expect(dialog(page)).toHaveCount(0);
    await expect(alerts(page)).toContainText(profile.phone.changed);
  });

  test("notification preferences change at once and are kept", async ({ page, context, baseURL }) => {
    await signedIn(context, page, baseURL);
    await gotoHydrated(page, "/profile/settings/notifications");
    const sms = page.getByRole("switch", { name: profile.notifications.receiveSmsPromo.label });
    await expect(sms).toHaveAttribute("aria-checked", "false");
    const saved = page.waitForResponse((response) => response.url().endsWith("/api/player/profile") && response.request().method() === "PUT");
    await sms.click();
    await expect(sms).toHaveAttribute("aria-checked", "true");
    expect((await saved).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("switch", { name: profile.notifications.receiveSmsPromo.label })).toHaveAttribute("aria-checked", "true");
  });

  test("every profile page passes axe on a phone and a desktop", async ({ page, context, baseURL }) => {
    test.setTimeout(90_000);
    await signedIn(context, page, baseURL);
    const pages: Array<[string, string]> = [
      ["/profile/info", "[data-profile-info]"],
      ["/profile/personal", "[data-profile-personal] form"],
      ["/profile/sessions", "[data-session-list]"],
      ["/profile/settings/account", "[data-social-section]"],
      ["/profile/settings/notifications", "[data-profile-notifications]"],
    ];
    for (const width of [360, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      for (const [path, ready] of pages) {
        await gotoHydrated(page, path);
        await expect(page.locator(ready).first()).toBeVisible();
        await expect(page.locator("[aria-busy=true]")).toHaveCount(0);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${path} at ${width}px fits the screen`).toBeLessThanOrEqual(width);
        await expectAccessible(page);
      }
    }
  });
});
