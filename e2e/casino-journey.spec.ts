// A player's whole first visit to the casino, through the interface only: a guest finds dice with
// the header's search (typing, then the keyboard), plays a demo round and sees the FUN balance move;
// signs up in the sign-up form without leaving the game, deposits with the sandbox card in the
// wallet sheet, switches the game to real money and plays a round. The header balance follows the
// round's answer without a reload; the wallet history's spins tab lists the round with its stake and
// payout, and once the player has changed their seed, its verify link shows it verified on /fairness.
import type { Round } from "@playfair/contracts/game/play";
import type pagesCatalogue from "../apps/web/app/locales/en/pages.json";
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import { expect, expectAccessible, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { uniqueEmail } from "./support/accounts.ts";
import { payByCardInSheet, realtimeConnected } from "./support/payments.ts";
import { dialog, signUpInModal } from "./support/sign-up.ts";

const pages = readCatalogue<typeof pagesCatalogue>("en", "pages");
const wallet = readCatalogue<typeof walletCatalogue>("en", "wallet");

/** A decimal string as the header writes a EUR amount under 1,000: "49.0200" -> "€49.02". */
function euros(amount: string): string {
  const [whole = "0", fraction = ""] = amount.split(".");
  return `€${whole}.${fraction.padEnd(2, "0").slice(0, 2)}`;
}

test("a guest finds dice, plays it in demo, signs up, deposits, plays for real and verifies the round", async ({ page, pageErrors }) => {
  // Sign-up (argon2 and the captcha), a deposit and a dozen pages on a busy 2-core machine.
  test.setTimeout(180_000);

  // The header's search: typed, then the keyboard picks the game.
  await gotoHydrated(page, "/");
  await page.locator("[data-site-header] [data-action=\"global-search\"]").click();
  const search = page.getByRole("dialog", { name: "Search" });
  const box = search.getByRole("combobox");
  await box.pressSequentially("dice");
  await expect(search.getByRole("option", { name: /Dice/ }).first()).toBeVisible();
  await box.press("ArrowDown");
  await expect(box).toHaveAttribute("aria-activedescendant", /.+/);
  await box.press("Enter");
  await expect(page).toHaveURL(/\/game\/playfair-dice$/, { timeout: 15_000 });

  // A demo round moves the FUN balance.
  await page.getByRole("button", { name: pages.game.playDemo }).click();
  const game = page.locator('[data-original="playfair-dice"]');
  await expect(game).toHaveAttribute("data-original-mode", "demo");
  const balance = page.locator("[data-balance-amount]");
  await expect(balance).toHaveAttribute("data-balance-amount", "1000.00");
  await page.locator("[data-play-button]").click();
  await expect(page.locator("[data-history-chip]")).toHaveCount(1);
  await expect(balance).not.toHaveAttribute("data-balance-amount", "1000.00");

  // Sign-up from the header, on the game page: the demo game stays where it was.
  await page.locator('[data-action="sign-up"]').click();
  await signUpInModal(page, uniqueEmail("journey"), "Journey-pass-42");
  await expect(dialog(page)).toHaveCount(0);
  await expect(game).toHaveAttribute("data-original-mode", "demo");

  // A card deposit in the wallet sheet opened from the header.
  const header = page.locator("[data-header-balance]");
  await expect(header).toContainText("€0.00");
  await realtimeConnected(page);
  await page.locator("[data-header-deposit]").click();
  await payByCardInSheet(page, "50");
  await expect(dialog(page).locator('[data-deposit-result="2"]')).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog(page)).toHaveCount(0);
  await expect(header).toContainText("€50.00");

  // The game switches to real money on the same page; a real round's answer is the header's balance.
  await page.evaluate(() => Object.assign(window, { journeyPageMarker: true }));
  await page.locator('[data-switch-mode="real"]').click();
  await expect(game).toHaveAttribute("data-original-mode", "real");
  await expect(balance).toHaveAttribute("data-balance-amount", /^50\.00/);
  await page.locator("[data-amount-input]").fill("1.00");
  const answered = page.waitForResponse((response) => response.request().method() === "POST" && /\/api\/game\/originals\/[^/]+\/rounds$/.test(new URL(response.url()).pathname));
  await page.locator("[data-play-button]").click();
  const response = await answered;
  expect(response.status()).toBe(201);
  const { data: round, balance: after } = (await response.json()) as { data: Round; balance: string };
  expect(round.stake).toMatch(/^1\.00/);
  await expect(header).toContainText(euros(after));
  expect(await page.evaluate(() => "journeyPageMarker" in window)).toBe(true);

  // The player changes their seed in the game's fairness settings, so the round can be checked.
  await page.getByRole("tab", { name: "Provably fair" }).click();
  const committed = await page.locator('[data-fairness-panel="player"] [data-seed="server-hash"]').textContent();
  await page.locator("[data-rotate-seed]").click();
  await expect(page.locator('[data-seed="previous-hash"]')).toHaveText(committed ?? "");

  // The wallet history's spins tab lists the round with the stake and payout it was played for.
  await header.click();
  await expect(page).toHaveURL(/\/wallet$/);
  await page.getByRole("navigation", { name: pages.wallet.tabsLabel }).getByRole("link", { name: pages.wallet.tabs.history }).click();
  await page.getByRole("tab", { name: wallet.history.tabs.spins }).click();
  const row = page.locator(`[data-spin-row="${round.id}"]`);
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute("data-spin-status", "settled");
  await expect(row).toContainText(euros(round.stake));
  await expect(row).toContainText(euros(round.payout ?? "0"));

  // Its verify link recomputes it on /fairness.
  await row.locator("[data-spin-verify]").click();
  await expect(page).toHaveURL(new RegExp(`/fairness\\?round=${round.id}$`));
  const verdict = page.locator('[data-round-state="verified"]');
  await expect(verdict).toBeVisible({ timeout: 15_000 });
  await expect(verdict).toContainText(pages.fairness.round.verifiedBadge);
  await expect(page.locator('[data-round-verifier] [data-hash-matches="true"]')).toBeVisible();
  await expectAccessible(page);
  expect(pageErrors).toEqual([]);
});
