// Responsible-gaming limits on the profile (spec 7 "Player" limits, spec 2.4 add-limit, edit-limit,
// confirm-limit-update, confirm-delete-limit; promises P1-P4 in docs/promises.md): a deposit limit set, raised (in 24
// hours), lowered (at once) and deleted (in 24 hours), a cooling-off that signs the player out to restricted mode, the
// wallet modal once a deposit limit is reached (13100),
// and the page and its windows at phone, tablet and desktop widths, light, dark and right-to-left.
import type { Page } from "@playwright/test";
import type limitsCatalogue from "../apps/web/app/locales/en/limits.json";
import type modalsCatalogue from "../apps/web/app/locales/en/modals.json";
import { expect, expectAccessible, expectAccessibleInBothThemes, fill, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { registerPlayer, setAccessTokenCookie, solveCaptcha } from "./support/accounts.ts";

const limits = readCatalogue<typeof limitsCatalogue>("en", "limits");
const modals = readCatalogue<typeof modalsCatalogue>("en", "modals");

const dialog = (page: Page) => page.getByRole("dialog");
const alerts = (page: Page) => page.locator("[data-alert-viewport]");
const depositGroup = (page: Page) => page.locator("[data-limit-group=deposit]");

async function signedInOnLimits(page: Page, baseURL: string | undefined, path = "/profile/limits") {
  const player = await registerPlayer(page.request);
  await setAccessTokenCookie(page.context(), baseURL ?? "", player.session.accessToken);
  await gotoHydrated(page, path);
  return player;
}

async function addDepositLimit(page: Page, amount: string) {
  await depositGroup(page).getByRole("button", { name: limits.definitions.deposit.add }).click();
  await expect(dialog(page)).toContainText(modals.titles["add-limit"]);
  await dialog(page).getByLabel(limits.form.amount).fill(amount);
  await dialog(page).getByRole("button", { name: limits.form.submit }).click();
  await expect(dialog(page)).toBeHidden();
}

test.describe("limits", () => {
  test("a deposit limit is set, raised after 24 hours, lowered at once and deleted after 24 hours", async ({ page, baseURL, pageErrors }) => {
    await signedInOnLimits(page, baseURL);
    await expect(depositGroup(page)).toContainText(limits.definitions.deposit.empty);

    await addDepositLimit(page, "100");
    const row = depositGroup(page).locator("[data-limit-id]");
    await expect(row).toHaveCount(1);
    await expect(row.locator("[data-limit-amount]")).toHaveText("€100.00");
    await expect(row).toContainText(limits.periods.daily);

    // Raising waits 24 hours: the confirmation says so, and the page shows the pending amount.
    await row.locator("[data-limit-edit]").click();
    await expect(dialog(page)).toContainText(modals.titles["edit-limit"]);
    await dialog(page).getByLabel(limits.form.amount).fill("250");
    await dialog(page).getByRole("button", { name: limits.form.review }).click();
    await expect(dialog(page)).toContainText(modals.titles["confirm-limit-update"]);
    const timing = dialog(page).locator("[data-limit-timing]");
    await expect(timing).toHaveAttribute("data-limit-timing", "later");
    await expect(timing).toContainText("Raising a limit takes 24 hours");
    const effectiveAt = Date.parse((await timing.locator("time").getAttribute("datetime")) ?? "");
    expect(Math.abs(effectiveAt - (Date.now() + 24 * 60 * 60 * 1000))).toBeLessThan(2 * 60 * 1000);
    await dialog(page).getByRole("button", { name: limits.update.confirm }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(row.locator("[data-limit-amount]")).toHaveText("€100.00");
    await expect(row.locator("[data-limit-pending=increase]")).toContainText("Rises to €250.00 on");

    // Lowering applies at once and drops the pending increase.
    await row.locator("[data-limit-edit]").click();
    await dialog(page).getByLabel(limits.form.amount).fill("50");
    await dialog(page).getByRole("button", { name: limits.form.review }).click();
    await expect(dialog(page).locator("[data-limit-timing]")).toHaveText(limits.update.now);
    await dialog(page).getByRole("button", { name: limits.update.confirm }).click();
    await expect(alerts(page)).toContainText(limits.update.saved);
    await expect(row.locator("[data-limit-amount]")).toHaveText("€50.00");
    await expect(row.locator("[data-limit-pending]")).toHaveCount(0);

    // Deleting keeps the limit for 24 hours.
    await row.locator("[data-limit-delete]").click();
    await expect(dialog(page)).toContainText(modals.titles["confirm-delete-limit"]);
    await expect(dialog(page)).toContainText("Removing a limit takes 24 hours.");
    await dialog(page).getByRole("button", { name: limits.delete.confirm }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(row.locator("[data-limit-pending=remove]")).toContainText(limits.row.endingBadge);
    await expect(row.locator("[data-limit-delete]")).toHaveCount(0);

    // What the page shows is what the API holds.
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "true");
    await expect(depositGroup(page).locator("[data-limit-pending=remove]")).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test("the amount keeps the currency's precision as it is typed, and a missing one is refused before anything is sent", async ({ page, baseURL }) => {
    await signedInOnLimits(page, baseURL);
    let posted = false;
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith("/api/player/limits")) posted = true;
    });
    await depositGroup(page).getByRole("button", { name: limits.definitions.deposit.add }).click();
    const amount = dialog(page).getByLabel(limits.form.amount);
    // A third decimal is not written at all, as in the wallet's amount field.
    await amount.fill("1234.555");
    await expect(amount).toHaveValue("1,234.55");
    await amount.fill("");
    await dialog(page).getByRole("button", { name: limits.form.submit }).click();
    await expect(dialog(page)).toContainText(limits.errors.amount);
    expect(posted).toBe(false);
  });

  test("a cooling-off asks for an acknowledgement, signs the player out, and the next sign-in is restricted", async ({ page, baseURL }) => {
    const player = await signedInOnLimits(page, baseURL);
    await page.locator("[data-limit-group=coolingOff]").getByRole("button", { name: limits.actions.startBreak }).click();
    await expect(dialog(page)).toContainText(limits.exclusion.irreversible);
    await dialog(page).getByRole("radio", { name: fill(limits.exclusion.days_other, { count: 7 }) }).check();
    await dialog(page).getByRole("button", { name: limits.exclusion.confirmCoolingOff }).click();
    await expect(dialog(page)).toContainText(limits.exclusion.acknowledgeRequired);
    await dialog(page).getByRole("checkbox", { name: limits.exclusion.acknowledge }).check();
    const started = page.waitForResponse((response) => response.url().endsWith("/api/player/limits") && response.request().method() === "POST");
    await dialog(page).getByRole("button", { name: limits.exclusion.confirmCoolingOff }).click();
    expect((await started).status()).toBe(201);
    await expect.poll(() => new URL(page.url()).pathname).not.toContain("/profile");

    const signIn = await page.request.post("/api/player/sessions", { data: { login: player.email, password: player.password, captcha: await solveCaptcha(page.request) } });
    expect(signIn.status()).toBe(200);
    expect((await signIn.json()).profile.restriction).toMatchObject({ reason: "coolingOff" });
  });

  test("a reached deposit limit empties the deposit methods and leads to the limits page (13100)", async ({ page, baseURL }) => {
    const player = await signedInOnLimits(page, baseURL);
    const headers = { authorization: `Bearer ${player.session.accessToken}` };
    const limit = await page.request.post("/api/player/limits", { headers, data: { definition: 3, period: 1, amount: "20", currency: "EUR" } });
    expect(limit.status()).toBe(201);
    const deposit = await page.request.post("/api/payment/invoices/deposit", {
      headers: { ...headers, "idempotency-key": `limits-e2e-${Date.now()}` },
      data: { amount: "20", currency: "EUR", methodCode: "sandbox.deposit.card", fields: { cardNumber: "4111111111111111", cardExpiry: "12/39", cardCvc: "123", playerName: "Ada Lovelace" } },
    });
    expect(deposit.status(), await deposit.text()).toBe(201);

    await gotoHydrated(page, "/profile/limits?wallet=deposit");
    const notice = dialog(page).locator("[data-deposit-limit-reached]");
    await expect(notice).toBeVisible();
    await expect(dialog(page).locator("[data-method-list]")).toHaveCount(0);
    await notice.getByRole("link").click();
    await expect(dialog(page)).toBeHidden();
    await expect(depositGroup(page).locator("[data-limit-amount]")).toHaveText("€20.00");
    await expect(depositGroup(page)).toContainText(fill(limits.row.used, { used: "€20.00", amount: "€20.00" }));
  });

  for (const width of [360, 528, 1280]) {
    test(`the page and its windows are accessible at ${width} px in the light and dark themes`, async ({ page, baseURL }) => {
      // Eight full axe-core scans: more than the default budget on a busy machine.
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      // A limit with a pending rise, set through the API: the first test sets one through these windows.
      const player = await registerPlayer(page.request);
      const headers = { authorization: `Bearer ${player.session.accessToken}` };
      const created = await page.request.post("/api/player/limits", { headers, data: { definition: 3, period: 1, amount: "100", currency: "EUR" } });
      expect(created.status(), await created.text()).toBe(201);
      const { id } = ((await created.json()) as { data: { id: string } }).data;
      const raised = await page.request.put(`/api/player/limits/${id}`, { headers, data: { amount: "150" } });
      expect(raised.status(), await raised.text()).toBe(200);
      await setAccessTokenCookie(page.context(), baseURL ?? "", player.session.accessToken);
      await gotoHydrated(page, "/profile/limits");
      const row = depositGroup(page).locator("[data-limit-id]");
      await expect(row.locator("[data-limit-pending=increase]")).toBeVisible();
      await expectAccessibleInBothThemes(page);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(width);

      await row.locator("[data-limit-edit]").click();
      await expect(dialog(page).getByLabel(limits.form.amount)).toBeVisible();
      await expectAccessibleInBothThemes(page);
      await dialog(page).getByLabel(limits.form.amount).fill("200");
      await dialog(page).getByRole("button", { name: limits.form.review }).click();
      await expect(dialog(page).locator("[data-limit-timing]")).toBeVisible();
      await expectAccessibleInBothThemes(page);
      await page.keyboard.press("Escape");
      await expect(dialog(page)).toBeHidden();

      await page.locator("[data-limit-group=selfExclusion]").getByRole("button", { name: limits.actions.startExclusion }).click();
      await expect(dialog(page)).toContainText(limits.exclusion.irreversible);
      await expectAccessibleInBothThemes(page);
    });
  }

  test("the page reads right to left in Persian", async ({ page, baseURL }) => {
    await signedInOnLimits(page, baseURL, "/fa/profile/limits");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const fa = readCatalogue<typeof limitsCatalogue>("fa", "limits");
    await expect(depositGroup(page)).toContainText(fa.definitions.deposit.title);
    await depositGroup(page).getByRole("button", { name: fa.definitions.deposit.add }).click();
    await dialog(page).getByLabel(fa.form.amount).fill("100");
    await dialog(page).getByRole("button", { name: fa.form.submit }).click();
    await expect(depositGroup(page).locator("[data-limit-id]")).toHaveCount(1);
    await expectAccessible(page);
  });
});
