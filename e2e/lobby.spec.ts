import type gamesCatalogue from "../apps/web/app/locales/en/games.json";
import type pagesCatalogue from "../apps/web/app/locales/en/pages.json";
import { signedIn } from "./support/payments.ts";
import { expect, fill, gotoHydrated, readCatalogue, test } from "./fixtures.ts";

const pages = readCatalogue<typeof pagesCatalogue>("en", "pages");
const games = readCatalogue<typeof gamesCatalogue>("en", "games");

test.describe("the casino lobby", () => {
  test("a guest browses the rails, filters by a provider, searches with a typo and opens a game page", async ({ page, pageErrors }) => {
    await gotoHydrated(page, "/games");
    // The first screen is in the server's HTML: rails of the seeded collections, each with its games.
    const originals = page.getByRole("region", { name: "Playfair Originals" });
    await expect(originals.locator("[data-game-tile]")).not.toHaveCount(0);
    await expect(page.locator("[data-game-rail]")).not.toHaveCount(1);
    // The first tiles' art is in the HTML at three densities.
    await expect(originals.locator("img").first()).toHaveAttribute("srcset", /1x, .+ 2x, .+ 3x$/);

    // "See all" leads to the collection's filter page.
    await originals.getByRole("link", { name: fill(pages.games.seeAllOf, { title: "Playfair Originals" }) }).click();
    await expect(page).toHaveURL(/\/games\/collection\/originals$/);
    await expect(page.getByRole("heading", { level: 1, name: "Playfair Originals" })).toBeVisible();

    // The filter modal writes the selection into the address.
    await page.getByRole("link", { name: pages.games.filter }).click();
    const filter = page.getByRole("dialog", { name: "Filter games" });
    await filter.getByText("Lumen Forge", { exact: true }).click();
    await filter.getByRole("button", { name: games.filter.apply }).click();
    await expect(page).toHaveURL(/\/games\/collection\/originals\/provider\/lumen-forge$/);
    // Lumen Forge makes no originals: the selection chips let the visitor widen it again.
    await page.getByRole("link", { name: fill(pages.gamesParams.remove, { label: "Playfair Originals" }) }).click();
    await expect(page).toHaveURL(/\/games\/provider\/lumen-forge$/);
    await expect(page.getByRole("heading", { level: 1, name: "Lumen Forge" })).toBeVisible();
    const tiles = page.locator("[data-games-grid] [data-game-tile]");
    await expect(tiles).not.toHaveCount(0);
    for (const provider of await tiles.locator("span.text-xs").allTextContents()) expect(provider).toBe("Lumen Forge");

    // A misspelt name still finds the game.
    await page.getByRole("link", { name: pages.games.search }).click();
    const search = page.getByRole("dialog", { name: "Search" });
    await search.getByRole("combobox").fill("starfal");
    await expect(search.getByRole("option", { name: /Starfall/ })).toBeVisible();
    await search.getByRole("combobox").press("ArrowDown");
    await search.getByRole("combobox").press("Enter");
    await expect(page).toHaveURL(/\/game\/playfair-slot$/);
    await expect(page.getByRole("heading", { level: 1, name: "Starfall" })).toBeVisible();
    await expect(page.locator("[data-game-info]")).toContainText(pages.game.info.rtp);
    // Starfall's interface is in: its page offers the demo (originals without one say they open soon).
    await expect(page.locator("[data-opens-soon]")).toHaveCount(0);
    await expect(page.getByRole("button", { name: pages.game.playDemo })).toBeEnabled();

    // The lobby now offers the way back to the game.
    await gotoHydrated(page, "/games");
    await page.getByRole("link", { name: pages.games.backToGame }).click();
    await expect(page).toHaveURL(/\/game\/playfair-slot$/);
    expect(pageErrors).toEqual([]);
  });

  test("an unknown filter address is a 404 and another order of a selection redirects to its own address", async ({ request }) => {
    expect((await request.get("/games/colour/red")).status()).toBe(404);
    expect((await request.get("/game/no-such-game")).status()).toBe(404);
    const reordered = await request.get("/games/sort/new/provider/lumen-forge", { maxRedirects: 0 });
    expect(reordered.status()).toBe(301);
    expect(reordered.headers().location).toBe("/games/provider/lumen-forge/sort/new");
  });

  test("a player favourites a game and finds it on the favourites page", async ({ page, baseURL }) => {
    await signedIn(page, baseURL);
    await gotoHydrated(page, "/games");
    const tile = page.getByRole("region", { name: "Playfair Originals" }).locator("[data-game-tile]").first();
    const name = (await tile.locator(".game-tile-name").textContent()) ?? "";
    const heart = tile.getByRole("button", { name: fill(pages.gameLists.tile.favorite, { name }) });
    await heart.click();
    await expect(heart).toHaveAttribute("aria-pressed", "true");

    await gotoHydrated(page, "/favorites");
    await expect(page.locator("[data-games-grid]").getByRole("link", { name: new RegExp(name) })).toBeVisible();
  });

  test("a guest's recently played list is this browser's", async ({ page }) => {
    await gotoHydrated(page, "/recently-played");
    await expect(page.getByRole("heading", { name: pages.recentlyPlayed.empty.title })).toBeVisible();
    await page.evaluate(() => localStorage.setItem("playedGames", JSON.stringify(["playfair-dice"])));
    await gotoHydrated(page, "/recently-played");
    await expect(page.locator("[data-games-grid] [data-game-tile='playfair-dice']")).toBeVisible();
  });

  test("the lobby fits a 360 px phone in right-to-left Persian", async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/fa/games");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("[data-game-rail]").first()).toBeVisible();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
