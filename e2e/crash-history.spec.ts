// Crash in the history and on the verifier: a player's real bet on the shared round is listed in the
// wallet's spins tab and in the crash page's recall, and its round opens on /fairness, where anyone
// (a guest too) sees the hash placed in the committed chain and the point recomputed in the browser.
// A mines board left open survives a reload of the game page and is cashed out after it.
import type { APIRequestContext } from "@playwright/test";
import { expect, expectAccessibleInBothThemes, gotoHydrated, test } from "./fixtures.ts";
import type { RegisteredPlayer } from "./support/accounts.ts";
import { auth, depositByCard, signedIn } from "./support/payments.ts";

type Record = { id: string; status: string; crashPoint: string | null };

/** Places a real 1.00 bet on the next betting round and waits until that round has crashed. */
async function betOnCrash(request: APIRequestContext, player: RegisteredPlayer): Promise<{ betId: string; round: Record }> {
  const launch = await request.post("/api/game/games/playfair-crash/play", { headers: auth(player), data: {} });
  expect(launch.status(), await launch.text()).toBe(201);
  const { sessionId } = (await launch.json()) as { sessionId: string };
  let betId: string | null = null;
  await expect
    .poll(
      async () => {
        const placed = await request.post(`/api/game/crash/${sessionId}/bets`, { headers: auth(player), data: { amount: "1.00" } });
        if (placed.status() === 201) betId = ((await placed.json()) as { data: { id: string } }).data.id;
        return betId !== null;
      },
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
  let round: Record | null = null;
  await expect
    .poll(
      async () => {
        const bets = (await (await request.get("/api/game/crash/bets", { headers: auth(player) })).json()) as { data: { id: string; roundId: string; status: string }[] };
        const mine = bets.data.find((bet) => bet.id === betId);
        if (!mine || mine.status === "active") return false;
        round = ((await (await request.get(`/api/game/crash/rounds/${mine.roundId}`)).json()) as { data: Record }).data;
        return round.status === "crashed";
      },
      { timeout: 90_000, intervals: [1_000] },
    )
    .toBe(true);
  return { betId: betId!, round: round! };
}

test.describe("crash in the history and the verifier", () => {
  test("a player's crash bet is in the spins tab and the crash recall, and its round is verified on /fairness, by a guest too", async ({ page, baseURL, pageErrors, browser }) => {
    // A deposit, a whole crash round, three pages and axe scans.
    test.slow();
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "20.00");
    const { betId, round } = await betOnCrash(page.request, player);

    await gotoHydrated(page, "/wallet/history?tab=spins");
    const row = page.locator(`[data-spin-row="${betId}"]`);
    await expect(row).toBeVisible();
    await expect(row).toContainText("Crash");
    await expect(row.locator("[data-spin-verify]")).toHaveAttribute("href", `/fairness?crash=${round.id}`);

    await gotoHydrated(page, "/game/playfair-crash");
    await page.locator("[data-play-real]").click();
    const recall = page.locator(`[data-crash-recall] [data-recall-round="${betId}"]`);
    await expect(recall).toBeVisible({ timeout: 15_000 });
    await expect(recall).toContainText(/Cashed out at|Crashed at/);

    const guestContext = await browser.newContext({ baseURL });
    const guest = await guestContext.newPage();
    await gotoHydrated(guest, `/fairness?crash=${round.id}`);
    const verdict = guest.locator('[data-crash-verifier] [data-round-state="verified"]');
    await expect(verdict).toBeVisible({ timeout: 20_000 });
    await expect(guest.locator('[data-crash-check="position"]')).toHaveAttribute("data-ok", "true");
    await expect(guest.locator('[data-crash-check="point"]')).toContainText(`${round.crashPoint}×`);
    await expectAccessibleInBothThemes(guest);
    await guest.setViewportSize({ width: 360, height: 780 });
    const scrollWidth = await guest.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    await guestContext.close();
    expect(pageErrors).toEqual([]);
  });

  test("a mines board left open comes back after a reload and is cashed out", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "50.00");
    await gotoHydrated(page, "/game/playfair-mines");
    await page.locator("[data-play-real]").click();
    await expect(page.locator('[data-original="playfair-mines"]')).toHaveAttribute("data-original-mode", "real");
    await page.locator("[data-mines-count]").selectOption("1");
    await page.locator("[data-amount-input]").fill("1.00");
    const tiles = page.locator("[data-tile]");
    const board = page.locator("[data-mines-board]");
    // One mine in 25: a first reveal that hits it ends the round, so a new round is tried.
    let safeTile = -1;
    for (let attempt = 0; attempt < 5 && safeTile < 0; attempt += 1) {
      await page.locator("[data-play-button]").click();
      await expect(board).toHaveAttribute("data-mines-board", "open");
      await tiles.nth(attempt).click();
      await expect(tiles.nth(attempt)).not.toHaveAttribute("data-tile-state", "hidden");
      if ((await tiles.nth(attempt).getAttribute("data-tile-state")) === "gem") safeTile = attempt;
      else await expect(board).toHaveAttribute("data-mines-board", "ended");
    }
    expect(safeTile).toBeGreaterThanOrEqual(0);

    await page.reload();
    await page.locator("[data-play-real]").click();
    await expect(board).toHaveAttribute("data-mines-board", "open", { timeout: 15_000 });
    await expect(tiles.nth(safeTile)).toHaveAttribute("data-tile-state", "gem");
    await expect(page.locator("[data-mines-current]")).toHaveAttribute("data-mines-current", "1.03");
    await page.getByRole("button", { name: "Cash out" }).click();
    await expect(board).toHaveAttribute("data-mines-board", "ended");
    await expect(page.locator("[data-round-result]")).toHaveAttribute("data-round-result", "win");
    expect(pageErrors).toEqual([]);
  });
});
