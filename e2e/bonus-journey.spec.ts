// A new player's first bonus, through the interface only: signs up with a bonus code (asking for a
// bonus opts in, ADR 034), deposits with the sandbox card taking the first welcome-package bonus in
// the deposit sheet, sees cash and bonus money side by side in the header, plays dice for real
// watching the wagering progress on the game page, and sees the bonus money turn into cash when the
// wagering completes (the exact amount the server converted), then plays one of the sign-up code's
// free spins on Starfall. The operator makes the welcome bonus's terms short for the walk (1x, every
// game counting fully) and restores them after: an issued bonus keeps the terms it was issued under.
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import type { BonusTemplate } from "@playfair/contracts/bonus/templates";
import type accountsCatalogue from "../apps/web/app/locales/en/accounts.json";
import type bonusesCatalogue from "../apps/web/app/locales/en/bonuses.json";
import type pagesCatalogue from "../apps/web/app/locales/en/pages.json";
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import { expect, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { operatorHeaders } from "./support/operator.ts";
import { uniqueEmail } from "./support/accounts.ts";
import { SANDBOX_TEST_CARDS } from "@playfair/contracts/payment/sandbox";
import { realtimeConnected } from "./support/payments.ts";
import { dialog, signUpInModal } from "./support/sign-up.ts";

const accounts = readCatalogue<typeof accountsCatalogue>("en", "accounts");
const bonuses = readCatalogue<typeof bonusesCatalogue>("en", "bonuses");
const pages = readCatalogue<typeof pagesCatalogue>("en", "pages");
const wallet = readCatalogue<typeof walletCatalogue>("en", "wallet");

/** A decimal string as the English pages write euros: "€10.00" (cents, no float on the way). */
function euros(amount: string): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  return `€${BigInt(whole).toLocaleString("en")}.${fraction.padEnd(2, "0").slice(0, 2)}`;
}

async function putTemplate(page: Page, operator: Record<string, string>, template: BonusTemplate): Promise<void> {
  const { id: _id, code, ...fields } = template;
  const response = await page.request.put(`/api/operator/bonus-templates/${code}`, { headers: operator, data: fields });
  expect(response.ok(), `template ${code}: ${await response.text()}`).toBe(true);
}

/** Plays one real dice round from the game page at the amount in its input. */
async function playRound(page: Page): Promise<void> {
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && /\/api\/game\/originals\/[^/]+\/rounds$/.test(new URL(response.url()).pathname));
  await page.locator("[data-play-button]").click();
  expect((await answered).status()).toBe(201);
}

test("a new player signs up with a code, takes the first welcome bonus with a deposit, wagers it and sees it become cash", async ({ page, pageErrors }) => {
  // Sign-up (argon2 and the captcha), a deposit and two rounds on a busy 2-core machine.
  test.setTimeout(240_000);
  const operator = await operatorHeaders();
  const code = `JOURNEY${randomUUID().slice(0, 8).toUpperCase()}`;
  const created = await page.request.put(`/api/operator/bonus-codes/${code}`, {
    headers: operator,
    data: { trigger: "registration", templateCode: "starfall-20", maxUses: null, validFrom: null, validTo: null, isActive: true },
  });
  expect(created.ok(), `code: ${await created.text()}`).toBe(true);
  const seeded = (await (await page.request.get("/api/operator/bonus-templates/welcome-1", { headers: operator })).json()) as { data: BonusTemplate };
  const welcome = seeded.data;
  await putTemplate(page, operator, { ...welcome, terms: { ...welcome.terms, wageringMultiplier: "1", contributions: { default: "100" }, gameIds: [], minMultiplier: "1" } });

  try {
    // Sign-up with the code, from the header.
    await gotoHydrated(page, "/");
    await page.locator('[data-action="sign-up"]').click();
    await dialog(page).getByRole("button", { name: accounts.signUp.bonusCodeToggle }).click();
    await dialog(page).locator('input[name="bonusCode"]').fill(code);
    await signUpInModal(page, uniqueEmail("bonus-journey"), "Journey-pass-42");
    await expect(dialog(page)).toHaveCount(0);
    await realtimeConnected(page);

    // The deposit sheet offers the welcome package's first step for the amount; the player takes it.
    await page.locator("[data-header-deposit]").click();
    const sheet = dialog(page);
    await sheet.locator('[data-method="sandbox.deposit.card"]').click();
    await sheet.locator("[data-amount-input]").fill("10");
    const offer = sheet.locator("[data-deposit-bonus]").filter({ hasText: welcome.title.en });
    await expect(offer).toBeVisible({ timeout: 15_000 });
    await offer.locator('input[type="radio"]').check();
    await expect(offer.locator("[data-deposit-bonus-amount]")).toContainText("€10.00");
    await sheet.getByLabel(wallet.fields.cardNumber).fill(SANDBOX_TEST_CARDS.success);
    await sheet.getByLabel(wallet.fields.cardExpiry).fill("1239");
    await sheet.getByLabel(wallet.fields.cardCvc).fill("123");
    await sheet.getByLabel(wallet.fields.playerName).fill("Ada Lovelace");
    await sheet.locator("[data-flow-submit]").click();
    await expect(sheet.locator('[data-deposit-result="2"]')).toBeVisible({ timeout: 30_000 });
    await page.keyboard.press("Escape");
    await expect(dialog(page)).toHaveCount(0);

    // Cash and bonus money side by side in the header.
    await expect(page.locator("[data-header-balance]")).toContainText("€10.00");
    await expect(page.locator("[data-header-bonus]")).toContainText("€10.00");

    // Real dice rounds: the game page shows the wagering progress as it grows.
    await gotoHydrated(page, "/game/playfair-dice");
    await page.getByRole("button", { name: pages.game.playReal }).click();
    const game = page.locator('[data-original="playfair-dice"]');
    await expect(game).toHaveAttribute("data-original-mode", "real");
    const progress = page.locator("[data-game-bonus] [data-bonus-progress]");
    await expect(progress).toHaveAttribute("data-bonus-progress", "0");
    await page.locator("[data-amount-input]").fill("5.00");
    await playRound(page);
    await expect(progress).toHaveAttribute("data-bonus-progress", "50");
    await playRound(page);

    // Wagering complete: the bonus money is cash now, and the bonus is in the history as played.
    await expect(page.locator("[data-game-bonus] [data-bonus-progress]")).toHaveCount(0, { timeout: 15_000 });
    await expect(page.locator("[data-header-bonus]")).toHaveCount(0);
    await gotoHydrated(page, "/bonuses");
    // The history the page reads as the tab opens: what the server says became cash.
    const history = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/game/player-bonuses" && new URL(response.url()).searchParams.get("status") === "3");
    await page.getByRole("tab", { name: new RegExp(bonuses.tabs.history) }).click();
    const finished = ((await (await history).json()) as { data: PlayerBonus[] }).data.find((bonus) => bonus.title === welcome.title.en);
    // Stakes come from cash first, so the bonus money is there to convert (and a card shows a non-zero conversion only).
    expect(finished?.convertedAmount).toMatch(/^\d+(\.\d+)?$/);
    expect(finished!.convertedAmount).not.toMatch(/^0(\.0*)?$/);
    const played = page.locator("[data-bonus-card]").filter({ hasText: welcome.title.en });
    await expect(played).toBeVisible();
    await expect(played.locator("[data-bonus-status]")).toHaveAttribute("data-bonus-status", "played");
    await expect(played.locator('[data-bonus-figure="converted"]')).toHaveText(euros(finished!.convertedAmount));

    // The sign-up code's free spins play on Starfall: a press plays one at its spin value.
    await gotoHydrated(page, "/game/playfair-slot");
    await page.getByRole("button", { name: pages.game.playReal }).click();
    const freeSpin = page.locator("[data-freespin-button]");
    await expect(freeSpin).toContainText("(20 left)");
    const spun = page.waitForResponse((response) => response.request().method() === "POST" && /\/api\/game\/originals\/[^/]+\/rounds$/.test(new URL(response.url()).pathname));
    await freeSpin.click();
    const answer = await spun;
    expect(answer.status()).toBe(201);
    expect(((await answer.json()) as { data: { freespinId: string | null } }).data.freespinId).toBeTruthy();
    await expect(freeSpin).toContainText("(19 left)", { timeout: 15_000 });
    expect(pageErrors).toEqual([]);
  } finally {
    await putTemplate(page, operator, welcome);
    await page.request.delete(`/api/operator/bonus-codes/${code}`, { headers: operator });
  }
});
