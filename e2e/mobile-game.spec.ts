// A studio's game on a phone plays in the mobile game modal (spec 2.4). A stake the player's own
// limit refuses is told over the game, not in its place: the game limit notice stacks above the
// modal with the game limit modal's title, words and actions; back to the game, the same frame
// plays on; the way to the limits leaves the game for the limits page.
import type { Page } from "@playwright/test";
import type gamesCatalogue from "../apps/web/app/locales/en/games.json";
import type modalsCatalogue from "../apps/web/app/locales/en/modals.json";
import { expect, expectAccessibleInBothThemes, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { auth, depositByCard, realtimeConnected, signedIn } from "./support/payments.ts";

const games = readCatalogue<typeof gamesCatalogue>("en", "games");
const modals = readCatalogue<typeof modalsCatalogue>("en", "modals");
const persianGames = readCatalogue<typeof gamesCatalogue>("fa", "games");
const persianModals = readCatalogue<typeof modalsCatalogue>("fa", "modals");

const PHONE = { width: 390, height: 844 };

async function studioSlot(page: Page): Promise<string> {
  const slots = await page.request.get("/api/game/games?category=slots&provider=lumen-forge&perPage=1");
  const [slot] = ((await slots.json()) as { data: { identity: string }[] }).data;
  expect(slot).toBeDefined();
  return slot!.identity;
}

/** A signed-in player holding 50 EUR whose daily bet limit is 2 EUR, on a phone. */
async function playerWithBetLimit(page: Page, baseURL: string | undefined): Promise<void> {
  await page.setViewportSize(PHONE);
  const player = await signedIn(page, baseURL);
  await depositByCard(page.request, player, "50.00");
  const limit = await page.request.post("/api/player/limits", { headers: auth(player), data: { definition: 1, period: 1, amount: "2.00", currency: "EUR" } });
  expect(limit.status(), await limit.text()).toBe(201);
}

/** Opens the studio's slot for real money in the mobile game modal; the frame inside it. */
async function playOnPhone(page: Page, path: string) {
  await gotoHydrated(page, path);
  await realtimeConnected(page);
  await page.locator("[data-play-real]").click();
  const game = page.getByRole("dialog").locator("[data-mobile-game] iframe");
  await expect(game).toBeVisible();
  return { game, frame: page.frameLocator("[data-mobile-game] iframe") };
}

test.describe("a studio's game on a phone", () => {
  test("a stake over the player's bet limit stacks the game limit notice over the game: back to the game, or on to the limits", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    await playerWithBetLimit(page, baseURL);
    const identity = await studioSlot(page);
    const { game, frame } = await playOnPhone(page, `/game/${identity}`);

    await frame.locator("#stake").selectOption("5.00");
    await frame.locator("#spin").click();
    const notice = page.getByRole("alertdialog", { name: modals.titles["game-limit-reached"] });
    await expect(notice).toBeVisible({ timeout: 10_000 });
    await expect(notice).toContainText(games.limitReached.betLimitReached);
    // The game stays open underneath, out of reach while the notice is up.
    await expect(page.getByRole("dialog", { name: modals.titles["mobile-game"] })).toBeAttached();
    await expect(game).toBeAttached();
    expect(await game.evaluate((element) => element.closest("[inert]") !== null)).toBe(true);
    // Thumb-sized actions.
    for (const name of [games.limitReached.backToGame, games.limitReached.toLimits]) {
      const box = await notice.getByRole("button", { name }).boundingBox();
      expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    }
    await expectAccessibleInBothThemes(page);

    // Back to the game: the same frame plays on, within the limit.
    const src = await game.getAttribute("src");
    await notice.getByRole("button", { name: games.limitReached.backToGame }).click();
    await expect(notice).toHaveCount(0);
    await expect(game).toHaveAttribute("src", src ?? "");
    expect(await game.evaluate((element) => element.closest("[inert]") !== null)).toBe(false);
    await frame.locator("#stake").selectOption("1.00");
    await frame.locator("#spin").click();
    await expect(frame.locator("#result")).not.toHaveText(/^(Spinning.*)?$/, { timeout: 10_000 });
    await expect(frame.locator("#result")).not.toContainText("limit");
    await expect(page.getByRole("alertdialog")).toHaveCount(0);

    // Over the limit again: this time on to the limits page, which closes the game.
    await page.waitForTimeout(2600);
    await frame.locator("#stake").selectOption("5.00");
    await frame.locator("#spin").click();
    await expect(notice).toBeVisible({ timeout: 10_000 });
    await notice.getByRole("button", { name: games.limitReached.toLimits }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe("/profile/limits");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.locator("[data-limit-group=bet]")).toBeVisible();
    expect(pageErrors).toEqual([]);
  });

  test("in Persian the notice reads right to left in the page's language, and Escape goes back to the game", async ({ page, baseURL }) => {
    test.slow();
    await playerWithBetLimit(page, baseURL);
    const identity = await studioSlot(page);
    const { game, frame } = await playOnPhone(page, `/fa/game/${identity}`);
    await frame.locator("#stake").selectOption("5.00");
    await frame.locator("#spin").click();
    const notice = page.getByRole("alertdialog", { name: persianModals.titles["game-limit-reached"] });
    await expect(notice).toBeVisible({ timeout: 10_000 });
    await expect(notice).toContainText(persianGames.limitReached.betLimitReached);
    await expect(notice.getByRole("button", { name: persianGames.limitReached.backToGame })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expectAccessibleInBothThemes(page);
    await page.keyboard.press("Escape");
    await expect(notice).toHaveCount(0);
    await expect(game).toBeVisible();
    await expect(page).toHaveURL(/\/fa\/game\/[^?]+\?mobile-game=true$/);
  });
});
