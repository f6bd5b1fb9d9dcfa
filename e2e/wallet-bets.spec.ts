// The wallet history's sports bets (spec 7 GET /api/game/bets, shown next to the casino spins): a
// player who placed a pre-match bet on an event the server's odds simulator offers, through the
// sportsbook token of the start-game call, and cashed it out, finds it among the settled bets; the
// tab works at 360 px and on desktop (light and dark), axe-clean, and right to left in Persian.
import type { EventSummary } from "@playfair/contracts/sport/sportsbook-api";
import type { APIRequestContext } from "@playwright/test";
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import { expect, expectAccessible, expectAccessibleInBothThemes, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import type { RegisteredPlayer } from "./support/accounts.ts";
import { auth, depositByCard, signedIn } from "./support/payments.ts";

const copy = readCatalogue<typeof walletCatalogue>("en", "wallet");
const persian = readCatalogue<typeof walletCatalogue>("fa", "wallet");

type Bet = { id: string; status: string; cashOut: { amount: string; offerId: string } | null };

/** A pre-match bet on the first simulated event whose main market takes bets, cashed out at once: a settled bet. */
async function cashedOutBet(request: APIRequestContext, player: RegisteredPlayer): Promise<{ bet: Bet; eventName: string }> {
  const started = await request.post("/api/game/games/playfair-sportsbook/play", { headers: auth(player), data: {} });
  expect(started.status(), await started.text()).toBe(201);
  const sportsbook = { authorization: `Bearer ${((await started.json()) as { token: string }).token}` };

  // The simulator stores its calendar after the server starts, and its producers take bets once
  // their snapshots are applied: on a fresh, busy server that has taken over a minute.
  let events: EventSummary[] = [];
  await expect
    .poll(
      async () => {
        const listed = await request.get("/api/sportsbook/events", { params: { live: "false", perPage: 50 } });
        events = ((await listed.json()) as { data: EventSummary[] }).data.filter((event) => !event.suspended && event.mainMarket?.status === "active" && event.mainMarket.outcomes.some((outcome) => outcome.active));
        return events.length;
      },
      { timeout: 90_000 },
    )
    .toBeGreaterThan(0);
  const event = events[0]!;
  const market = event.mainMarket!;
  const outcome = market.outcomes.find((candidate) => candidate.active)!;
  const placed = await request.post("/api/sportsbook/bets", {
    headers: sportsbook,
    data: {
      idempotencyKey: `e2e-bet-${player.playerId}`,
      currency: "EUR",
      kind: "single",
      stake: "2.00",
      oddsPolicy: "accept_any",
      selections: [{ eventId: event.id, marketKey: market.marketKey, outcomeId: outcome.id, odds: outcome.odds, marketVersion: market.version }],
    },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const bet = ((await placed.json()) as { data: Bet }).data;
  expect(bet.status).toBe("accepted");

  let offer: Bet["cashOut"] = null;
  await expect
    .poll(
      async () => {
        const open = await request.get("/api/sportsbook/bets", { headers: sportsbook, params: { open: "true" } });
        offer = ((await open.json()) as { data: Bet[] }).data.find((candidate) => candidate.id === bet.id)?.cashOut ?? null;
        return offer !== null;
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  const cashed = await request.post(`/api/sportsbook/bets/${bet.id}/cash-out`, { headers: sportsbook, data: { offerId: offer!.offerId } });
  expect(cashed.status(), await cashed.text()).toBe(200);
  return { bet: ((await cashed.json()) as { data: Bet }).data, eventName: event.name };
}

test.describe("wallet sports bets", () => {
  test("a cashed-out bet shows among the settled bets, on a phone, on desktop and right to left", async ({ page, baseURL, pageErrors }) => {
    // A fresh server is busy storing the simulator's calendar for its first minute or two (see cashedOutBet).
    test.setTimeout(240_000);
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "20.00");
    const { bet, eventName } = await cashedOutBet(page.request, player);
    expect(bet.status).toBe("cashed_out");

    await page.setViewportSize({ width: 360, height: 760 });
    await gotoHydrated(page, "/wallet/history?tab=bets");
    const row = page.locator(`[data-bet-row="${bet.id}"]`);
    await expect(row).toHaveAttribute("data-bet-status", "cashedOut");
    await expect(row).toContainText(eventName);
    await expect(row).toContainText(copy.history.bets.status.cashedOut);
    await expect(row).toContainText(copy.history.bets.kind.single);
    await expect(row).toContainText("€2.00");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);

    // The phone's filter panel switches to the open bets, of which there are none.
    const mobile = page.locator('[data-filter-panel="mobile"]');
    await mobile.getByRole("button", { name: copy.history.filters.title }).click();
    await mobile.locator('[data-bet-filter="isSettled"]').selectOption("false");
    await mobile.getByRole("button", { name: copy.history.filters.apply }).click();
    await expect(page).toHaveURL(/isSettled=false/);
    await expect(page.getByRole("heading", { name: copy.history.bets.openTitle })).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 900 });
    await gotoHydrated(page, "/wallet/history?tab=bets");
    await expect(page.locator('[data-filter-panel="desktop"] [data-bet-filter="isSettled"]')).toHaveValue("");
    await expect(row).toBeVisible();
    await expectAccessibleInBothThemes(page);

    await gotoHydrated(page, "/fa/wallet/history?tab=bets");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(row).toContainText(persian.history.bets.status.cashedOut);
    await expectAccessible(page);
    expect(pageErrors).toEqual([]);
  });
});
