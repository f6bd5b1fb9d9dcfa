// The public verifier and the spins history: a guest recomputes a dice roll by hand; a player's
// real dice round keeps its seed secret while the seed is in use; the wallet history's spins tab
// lists the round, filters it, and shows a new round without a reload. Both pages pass axe in both
// themes and fit a 360 px screen. A real blackjack round, once its seed is rotated, is replayed step
// by step from the stream and verified. (A round verified from the spins tab: casino-journey.spec.ts.)
import { createHash } from "node:crypto";
import { expect, expectAccessible, expectAccessibleInBothThemes, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import type { RegisteredPlayer } from "./support/accounts.ts";
import { auth, depositByCard, realtimeConnected, signedIn } from "./support/payments.ts";
import type { APIRequestContext } from "@playwright/test";

type Pages = { fairness: { steps: { loss: string } } };
const pages = readCatalogue<Pages>("en", "pages");

const DICE = { target: "50.50", condition: "under" };

async function playDice(request: APIRequestContext, player: RegisteredPlayer): Promise<string> {
  const launch = await request.post("/api/game/games/playfair-dice/play", { headers: auth(player), data: {} });
  expect(launch.status(), await launch.text()).toBe(201);
  const { sessionId } = (await launch.json()) as { sessionId: string };
  const round = await request.post(`/api/game/originals/${sessionId}/rounds`, { headers: auth(player), data: { amount: "1.00", params: DICE } });
  expect(round.status(), await round.text()).toBe(201);
  return ((await round.json()) as { data: { id: string } }).data.id;
}

type RoundAnswer = { data: { id: string; status: string; outcome: { allowed?: string[] } } };

/** A real blackjack round through the API: dealt until a hand is open, then doubled (or stood); answers its id. */
async function playBlackjack(request: APIRequestContext, player: RegisteredPlayer): Promise<string> {
  const launch = await request.post("/api/game/games/playfair-blackjack/play", { headers: auth(player), data: {} });
  expect(launch.status(), await launch.text()).toBe(201);
  const { sessionId } = (await launch.json()) as { sessionId: string };
  for (let deal = 0; deal < 10; deal += 1) {
    const dealt = await request.post(`/api/game/originals/${sessionId}/rounds`, { headers: auth(player), data: { amount: "1.00", params: {} } });
    expect(dealt.status(), await dealt.text()).toBe(201);
    const round = ((await dealt.json()) as RoundAnswer).data;
    if (round.status !== "open") continue;
    const action = round.outcome.allowed?.includes("double") ? "double" : "stand";
    const acted = await request.post(`/api/game/originals/${sessionId}/rounds/${round.id}/actions`, { headers: auth(player), data: { action, step: 0 } });
    expect(acted.status(), await acted.text()).toBe(200);
    // A double or a stand on the only hand ends the round.
    expect(((await acted.json()) as RoundAnswer).data.status).toBe("settled");
    return round.id;
  }
  throw new Error("ten deals in a row ended at once");
}

test.describe("the provably-fair verifier", () => {
  test("a guest recomputes a dice roll by hand, step by step, and the page fits 360 px", async ({ page, pageErrors }) => {
    // Two axe scans of a page holding a whole computation: past the default allowance on a busy machine.
    test.slow();
    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, "/fairness");
    const form = page.locator("[data-manual-verifier]");
    await form.locator('input[name="serverSeed"]').fill("def");
    await form.locator('input[name="clientSeed"]').fill("abc");
    await form.locator('input[name="serverSeedHash"]').fill(createHash("sha256").update("def").digest("hex"));
    await form.locator('button[type="submit"]').click();
    const result = page.locator('[data-manual-result] [data-computation="dice"]');
    // The published known answer: the first float 0.8320531346835196 makes the roll 83.21.
    await expect(result.locator("[data-floats]")).toContainText("0.8320531346835196");
    await expect(result.locator("[data-conversions]")).toContainText("= 8321 → roll 83.21");
    await expect(result.locator("[data-outcome]")).toContainText(pages.fairness.steps.loss);
    await expect(result.locator('[data-hash-matches="true"]')).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expectAccessibleInBothThemes(page);
    expect(pageErrors).toEqual([]);
  });

  // A round verified once its seed is rotated away, reached from the spins tab's link, is the end of
  // the player's whole journey (casino-journey.spec.ts); here, the round whose seed is still in use.
  test("a player's round says its seed is still in use, and the spins tab lists, filters and follows rounds", async ({ page, baseURL, pageErrors }) => {
    // A deposit, two rounds and two axe scans.
    test.slow();
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "20.00");
    const roundId = await playDice(page.request, player);

    // Before rotation the seed is still in use: only its hash is shown.
    await gotoHydrated(page, `/fairness?round=${roundId}`);
    await expect(page.locator('[data-round-state="seed-in-use"]')).toBeVisible();

    await gotoHydrated(page, "/wallet/history?tab=spins");
    const row = page.locator(`[data-spin-row="${roundId}"]`);
    await expect(row).toBeVisible();
    await expect(row.locator("[data-spin-verify]")).toHaveAttribute("href", `/fairness?round=${roundId}`);

    // Filters: no voided rounds; dice rounds only brings it back.
    const panel = page.locator('[data-filter-panel="desktop"]');
    await panel.locator('[data-spin-filter="status"]').selectOption("voided");
    await expect(page.locator("[data-spins-empty]")).toBeVisible();
    await expect(page).toHaveURL(/spinStatus=voided/);
    await panel.locator('[data-spin-filter="status"]').selectOption("");
    await panel.locator('[data-spin-filter="game"]').selectOption("playfair-dice");
    await expect(row).toBeVisible();
    await expectAccessibleInBothThemes(page);

    // A round settled elsewhere appears without a reload (game:spins#).
    await realtimeConnected(page);
    const second = await playDice(page.request, player);
    await expect(page.locator(`[data-spin-row="${second}"]`)).toBeVisible({ timeout: 15_000 });
    await expect(page.locator("[data-spin-row]")).toHaveCount(2);

    await page.setViewportSize({ width: 360, height: 780 });
    await expect(page.locator('[data-filter-panel="mobile"]')).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    expect(pageErrors).toEqual([]);
  });

  test("a player's blackjack round, once its seed is rotated, is replayed step by step and verified", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    const player = await signedIn(page, baseURL);
    await depositByCard(page.request, player, "20.00");
    const roundId = await playBlackjack(page.request, player);
    const rotated = await page.request.post("/api/game/fairness/rotate", { headers: auth(player), data: { game: "blackjack" } });
    expect(rotated.status(), await rotated.text()).toBe(200);

    await page.setViewportSize({ width: 360, height: 780 });
    await gotoHydrated(page, `/fairness?round=${roundId}`);
    await expect(page.locator('[data-round-state="verified"]')).toBeVisible();
    const steps = page.locator("[data-blackjack-replay] > [data-replay-step]");
    await expect(steps.first()).toHaveAttribute("data-replay-step", "deal");
    await expect(steps.last()).toHaveAttribute("data-replay-step", "dealer");
    expect(await steps.count()).toBeGreaterThanOrEqual(3);
    await expect(steps.first().locator("[data-draw]")).toHaveCount(4);
    await expect(steps.first().locator('[role="img"][data-card-face]').first()).toHaveAttribute("aria-label", /^(two|three|four|five|six|seven|eight|nine|ten|jack|queen|king|ace) of (diamonds|hearts|spades|clubs)$/);
    await expect(page.locator('[data-blackjack-comparison="true"]')).toBeVisible();
    const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? Number.POSITIVE_INFINITY);
    expect(scrollWidth).toBeLessThanOrEqual(360);
    await expectAccessible(page);
    expect(pageErrors).toEqual([]);
  });
});
