// Player accounts in the browser: registration by e-mail and by phone, e-mail confirmation, sign
// out and in, password reset, field errors in two languages, accessibility of the modals.
import type { Browser, Page } from "@playwright/test";
import { expect, expectAccessible, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { registerPlayer, uniqueEmail, uniquePhone, waitForMailboxMessage } from "./support/accounts.ts";
import { chooseCountry, dialog, SERVER_WORK_MS, signUpInModal, waitForCaptcha } from "./support/sign-up.ts";
import type englishAccounts from "../apps/web/app/locales/en/accounts.json";
import type englishValidations from "../apps/web/app/locales/en/validations.json";

type Accounts = typeof englishAccounts;
type Validations = typeof englishValidations;
const accounts = readCatalogue<Accounts>("en", "accounts");
const validations = readCatalogue<Validations>("en", "validations");
const germanAccounts = readCatalogue<Accounts>("de", "accounts");
const germanValidations = readCatalogue<Validations>("de", "validations");

test.describe.configure({ timeout: 120_000 });

function linkPath(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

/** Registers through the sign-up modal and waits until the header shows the player. */
async function registerByEmail(page: Page, email: string, password: string): Promise<void> {
  await gotoHydrated(page, "/?sign-up=true");
  await signUpInModal(page, email, password);
}

async function signIn(page: Page, login: string, password: string): Promise<void> {
  await gotoHydrated(page, "/?sign-in=true");
  await dialog(page).locator('input[name="login"]').fill(login);
  await dialog(page).locator('input[name="password"]').fill(password);
  await waitForCaptcha(page);
  await dialog(page).getByRole("button", { name: accounts.signIn.submit }).click();
  await expect(page.locator("[data-signed-in-player]")).toBeVisible({ timeout: SERVER_WORK_MS });
}

async function freshPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test("registers by e-mail, confirms the address, signs out and in again", async ({ page, browser, request }) => {
  const email = uniqueEmail("email");
  const password = "Correct-horse-7";
  await registerByEmail(page, email, password);
  await expect(dialog(page)).toHaveCount(0);
  // Spec 9: the welcome alert comes a second later and asks to confirm the address.
  await expect(page.locator('[data-alert-kind="success"]')).toContainText(email, { timeout: 10_000 });

  const confirmation = await waitForMailboxMessage(request, email, (message) => message.links.some((link) => link.includes("/verify/")));
  const link = confirmation.links.find((candidate) => candidate.includes("/verify/")) ?? "";
  await gotoHydrated(page, linkPath(link));
  await expect(page.locator('[data-verify-outcome="confirmed"]')).toBeVisible();
  await expect(page.getByRole("heading", { name: accounts.verifyPage.successTitle })).toBeVisible();

  // The player's menu (the header shows other buttons for signed-in players, such as notifications).
  await page.locator("[data-signed-in-player] button:has([data-player-name])").click();
  await page.locator('[data-action="sign-out"]').click();
  await expect(page.locator("[data-signed-in-player]")).toHaveCount(0);

  const second = await freshPage(browser);
  await signIn(second, email, password);
  await second.context().close();
});

test("registers by phone with the code from the mailbox", async ({ page, request }) => {
  const phone = uniquePhone();
  await gotoHydrated(page, "/?sign-up=true");
  await dialog(page).getByRole("tab", { name: accounts.signUp.byPhone }).click();
  await dialog(page).locator('input[name="phone"]').fill(phone.typed);
  await dialog(page).locator('input[name="password"]').fill("Phone-pass-42");
  await chooseCountry(page, "Germany");
  await dialog(page).getByRole("checkbox", { name: /18/ }).check();
  await waitForCaptcha(page);
  await dialog(page).getByRole("button", { name: accounts.signUp.sendCode }).click();

  await expect(dialog(page).locator('[data-account-form="code-verify"]')).toBeVisible({ timeout: SERVER_WORK_MS });
  const sms = await waitForMailboxMessage(request, phone.e164, (message) => message.code !== null);
  await waitForCaptcha(page);
  await dialog(page).getByRole("textbox").first().fill(sms.code ?? "");
  await expect(page.locator("[data-signed-in-player]")).toBeVisible({ timeout: SERVER_WORK_MS });
});

test("resets a forgotten password and signs in with the new one", async ({ browser, request }) => {
  // The account exists already (made through the API): the sign-up form is the first test's.
  const email = uniqueEmail("reset");
  await registerPlayer(request, { email, password: "Old-password-1" });

  const guest = await freshPage(browser);
  await gotoHydrated(guest, "/?sign-in=true");
  await dialog(guest).getByRole("link", { name: accounts.signIn.forgot }).click();
  await dialog(guest).locator('input[name="email"]').fill(email);
  await waitForCaptcha(guest);
  await dialog(guest).getByRole("button", { name: accounts.forgot.submit }).click();
  await expect(dialog(guest)).toContainText(email, { timeout: SERVER_WORK_MS });

  const resetMail = await waitForMailboxMessage(request, email, (message) => message.links.some((link) => link.includes("/password-reset/")));
  const link = resetMail.links.find((candidate) => candidate.includes("/password-reset/")) ?? "";
  await gotoHydrated(guest, linkPath(link));
  await guest.locator('input[name="password"]').fill("New-password-2");
  await guest.locator('input[name="password_confirmation"]').fill("New-password-2");
  await guest.getByRole("button", { name: accounts.passwordResetPage.submit }).click();
  await expect(dialog(guest).getByRole("heading", { name: /sign in/i })).toBeVisible({ timeout: SERVER_WORK_MS });
  await guest.context().close();

  const player = await freshPage(browser);
  await signIn(player, email, "New-password-2");
  await player.context().close();
});

test("shows field errors in the player's language", async ({ browser, request }) => {
  const email = uniqueEmail("taken");
  await registerPlayer(request, { email, password: "Taken-pass-3" });

  for (const [prefix, texts, messages] of [
    ["", accounts, validations],
    ["/de", germanAccounts, germanValidations],
  ] as const) {
    const guest = await freshPage(browser);
    await gotoHydrated(guest, `${prefix}/?sign-up=true`);
    const form = dialog(guest);
    await form.locator('input[name="password"]').fill("short");
    await form.locator('input[name="email"]').fill(email);
    await expect(form.locator('[data-field="password"] [data-field-error]')).toHaveText(messages.minLength.replace("{{min}}", "8"));
    await expect(form.locator('input[name="password"]')).toHaveAttribute("aria-invalid", "true");

    await form.locator('input[name="password"]').fill("Long-enough-9");
    await form.getByRole("combobox", { name: texts.fields.country, exact: true }).click();
    await form.getByRole("combobox", { name: texts.fields.country, exact: true }).fill(prefix === "" ? "Germany" : "Deutschland");
    await form.getByRole("option", { name: prefix === "" ? "Germany" : "Deutschland", exact: true }).click();
    await form.getByRole("checkbox", { name: /18/ }).check();
    await waitForCaptcha(guest);
    await form.getByRole("button", { name: texts.signUp.submit }).click();
    await expect(form.locator('[data-field="email"] [data-field-error]')).toHaveText(texts.serverErrors.emailTaken, { timeout: SERVER_WORK_MS });
    await guest.context().close();
  }
});

for (const viewport of [
  { name: "360 px", width: 360, height: 780 },
  { name: "desktop", width: 1280, height: 900 },
]) {
  test(`the sign-in and sign-up modals are accessible at ${viewport.name}`, async ({ page }) => {
    await page.setViewportSize({ width: viewport.width, height: viewport.height });
    for (const modal of ["sign-in", "sign-up"]) {
      await gotoHydrated(page, `/?${modal}=true`);
      await expect(dialog(page).locator("form")).toBeVisible();
      await waitForCaptcha(page);
      await expectAccessible(page);
    }
  });
}
