// The sign-up and sign-in modals as a player fills them in (the real form, its captcha solving
// itself in the browser): shared by the account specs and the whole-journey walk.
import type { Page } from "@playwright/test";
import type englishAccounts from "../../apps/web/app/locales/en/accounts.json";
import { expect, readCatalogue } from "../fixtures.ts";

export const accounts = readCatalogue<typeof englishAccounts>("en", "accounts");

/** Password hashing (argon2, S1) makes sign-up and sign-in take a few seconds on a busy machine. */
export const SERVER_WORK_MS = 20_000;

export const dialog = (page: Page) => page.getByRole("dialog");

/** ALTCHA solves itself in the browser; wait until it has. */
export async function waitForCaptcha(page: Page): Promise<void> {
  await expect(dialog(page).locator('[data-captcha="altcha"]')).toHaveAttribute("data-state", "verified", { timeout: 30_000 });
}

export async function chooseCountry(page: Page, name: string): Promise<void> {
  const country = dialog(page).getByRole("combobox", { name: accounts.fields.country, exact: true });
  await country.click();
  await country.fill(name);
  await dialog(page).getByRole("option", { name, exact: true }).click();
  await expect(country).toHaveValue(name);
}

async function fillEmailRegistration(page: Page, email: string, password: string): Promise<void> {
  const form = dialog(page);
  await form.locator('input[name="email"]').fill(email);
  await form.locator('input[name="password"]').fill(password);
  await chooseCountry(page, "Germany");
  await form.getByRole("checkbox", { name: /18/ }).check();
}

/** Fills in the open sign-up modal by e-mail, sends it and waits until the header shows the player. */
export async function signUpInModal(page: Page, email: string, password: string): Promise<void> {
  await fillEmailRegistration(page, email, password);
  await waitForCaptcha(page);
  await dialog(page).getByRole("button", { name: accounts.signUp.submit }).click();
  await expect(page.locator("[data-signed-in-player]")).toBeVisible({ timeout: SERVER_WORK_MS });
}
