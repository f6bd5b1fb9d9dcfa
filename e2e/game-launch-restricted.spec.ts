// A player on a break (P3, restricted mode) cannot start a game for real money: the game page asks,
// the server refuses the launch, and the game-limit-reached sheet says why and points to the limits
// page.
import type modalsCatalogue from "../apps/web/app/locales/en/modals.json";
import { expect, expectAccessible, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { registerPlayer, setAccessTokenCookie, solveCaptcha } from "./support/accounts.ts";

const modals = readCatalogue<typeof modalsCatalogue>("en", "modals");

test("a player on a break cannot launch a game for real money and is told why", async ({ page, baseURL }) => {
  test.slow();
  const player = await registerPlayer(page.request);
  const breakStarted = await page.request.post("/api/player/limits", {
    headers: { authorization: `Bearer ${player.session.accessToken}` },
    data: { definition: 5, days: 7 },
  });
  expect(breakStarted.status(), await breakStarted.text()).toBe(201);
  // A break ends every session; signing in again gives the restricted one.
  const signedIn = await page.request.post("/api/player/sessions", { data: { login: player.email, password: player.password, captcha: await solveCaptcha(page.request) } });
  expect(signedIn.status(), await signedIn.text()).toBe(200);
  const { accessToken } = (await signedIn.json()) as { accessToken: string };
  await setAccessTokenCookie(page.context(), baseURL ?? "", accessToken);

  const launches: number[] = [];
  page.on("response", (response) => {
    if (response.url().includes("/api/game/games/playfair-dice/play")) launches.push(response.status());
  });
  await gotoHydrated(page, "/game/playfair-dice");
  await page.locator("[data-play-real]").click();
  const sheet = page.getByRole("dialog", { name: modals.titles["game-limit-reached"] });
  await expect(sheet.locator("[data-game-limit-reached]")).toHaveAttribute("data-game-limit-reached", "coolingOff");
  await expect(sheet.getByRole("link")).toHaveAttribute("href", /\/profile\/limits/);
  expect(launches).toEqual([403]);
  await expect(page.locator("[data-balance-amount]")).toHaveCount(0);
  await expectAccessible(page);
});
