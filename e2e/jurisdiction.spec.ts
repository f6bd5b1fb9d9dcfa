// Jurisdiction profiles (P11) in the browser: a 20-year-old plays Starfall, then a studio's slot, for
// real under the UK's rules. GB is not a country a profile may name (players from there are placed
// by the visitor country, which this server takes from no proxy), so the operator gives the UK's
// profile to Malta for the walk and the player's profile says MT. The bet panel's maximum is the
// GBP 2 cap in euros, the session bar shows the net position and the time played, a spin that
// returns no more than the stake is neither celebrated nor lit; over the studio's frame the same
// bar counts its rounds, and a stake over the cap opens the game limit modal naming the cap.
import { UK_JURISDICTION_RULES } from "@playfair/contracts/game/jurisdiction";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import { operatorKey } from "./support/operator.ts";
import { auth, depositByCard, signedIn } from "./support/payments.ts";

test.describe("the UK's rules on Starfall and a studio's slot", () => {
  test("a 20-year-old under the UK's profile gets the GBP 2 cap, a session bar, no celebration or glow for a return not above the stake, and the cap named when a studio's slot refuses a stake", async ({ page, baseURL, pageErrors }) => {
    test.slow();
    const operator = { authorization: `Bearer ${await operatorKey()}` };
    const profileOfMalta = await page.request.put("/api/operator/jurisdictions/MT", { headers: operator, data: UK_JURISDICTION_RULES });
    expect(profileOfMalta.status(), await profileOfMalta.text()).toBe(200);
    const player = await signedIn(page, baseURL);
    const today = new Date();
    const birthdate = `${today.getUTCFullYear() - 20}-01-01`;
    const profile = await page.request.put("/api/player/profile", { headers: auth(player), data: { country: "MT", birthdate } });
    expect(profile.status(), await profile.text()).toBe(200);
    await depositByCard(page.request, player, "50.00");

    await gotoHydrated(page, "/game/playfair-slot");
    await page.locator("[data-play-real]").click();
    await expect(page.locator('[data-original="playfair-slot"]')).toHaveAttribute("data-original-mode", "real");

    const bar = page.locator("[data-session-bar]");
    await expect(bar).toBeVisible();
    await expect(bar).toContainText("Net position");
    await expect(bar).toContainText("Time played");
    await expect(page.locator("[data-session-time]")).not.toHaveText("00:00", { timeout: 5000 });

    // 2.00 GBP at the seeded rates is 2.35 EUR (rounded down): Max offers no more.
    await page.locator("[data-amount-max]").click();
    await expect(page.locator("[data-amount-input]")).toHaveValue("2.35");
    await page.locator("[data-amount-input]").fill("2.36");
    await expect(page.locator("[data-amount-problem]")).not.toHaveAttribute("data-amount-problem", "");
    await page.locator("[data-amount-input]").fill("0.10");

    // Most spins return no more than the stake; spin until one does (the cycle paces the button).
    let plain = false;
    for (let attempt = 0; attempt < 8 && !plain; attempt += 1) {
      const button = page.locator("[data-play-button]");
      await expect(button).toBeEnabled({ timeout: 10_000 });
      await button.click();
      const result = page.locator("[data-slot-result]");
      await expect(result).not.toHaveAttribute("data-slot-result", "", { timeout: 15_000 });
      const payout = Number(await result.getAttribute("data-slot-result"));
      if (payout <= 0.1) {
        plain = true;
        await expect(page.locator("[data-celebration]")).toHaveCount(0);
        // No winning line glows or is drawn for a return not above the stake.
        await expect(page.locator("[data-slot-reels] [data-lit]")).toHaveCount(0);
        await expect(page.locator("[data-payline]")).toHaveCount(0);
        await expect(result.locator("[data-slot-outcome]")).toHaveAttribute("data-slot-outcome", /^(loss|return)$/);
        await expect(result).not.toContainText("You won");
      }
    }
    expect(plain).toBe(true);
    await expect(page.locator("[data-session-net]")).not.toHaveAttribute("data-session-net", "0");

    // A studio's slot in the aggregator's frame: the same session bar, fed by its settled rounds.
    const slots = await page.request.get("/api/game/games?category=slots&provider=lumen-forge&perPage=1");
    const [studioSlot] = ((await slots.json()) as { data: { identity: string }[] }).data;
    expect(studioSlot).toBeDefined();
    await gotoHydrated(page, `/game/${studioSlot!.identity}`);
    await page.locator("[data-play-real]").click();
    await expect(page.locator("[data-game-mode]")).toHaveAttribute("data-game-mode", "real");
    const studioBar = page.locator("[data-session-bar]");
    await expect(studioBar).toBeVisible();
    await expect(studioBar).toContainText("Net position");
    await expect(page.locator("[data-session-net]")).toHaveAttribute("data-session-net", "0");
    await expect(page.locator("[data-session-time]")).not.toHaveText("00:00", { timeout: 5000 });
    const frame = page.frameLocator("[data-game-frame] iframe");

    // 5.00 EUR is over the 2.35 EUR cap: the wallet refuses it and the page names the cap.
    await frame.locator("#stake").selectOption("5.00");
    await frame.locator("#spin").click();
    const limitModal = page.locator('[data-game-limit-reached="stakeCapExceeded"]');
    await expect(limitModal).toBeVisible({ timeout: 10_000 });
    await expect(limitModal).toContainText(/Stakes in this country are capped at \W*€2\.35\W* per spin/);
    await expect(limitModal.getByRole("link", { name: "Go to my limits" })).toHaveCount(0);
    await limitModal.getByRole("button", { name: "Close" }).click();
    await expect(limitModal).toHaveCount(0);

    // A stake under the cap plays; each settled round moves the bar's net position (a spin may
    // return exactly the stake, so spin until one does not, one cycle apart).
    await frame.locator("#stake").selectOption("1.00");
    let moved = false;
    for (let attempt = 0; attempt < 5 && !moved; attempt += 1) {
      await page.waitForTimeout(2600);
      await frame.locator("#spin").click();
      await expect(frame.locator("#result")).not.toHaveText(/^(Spinning.*)?$/, { timeout: 10_000 });
      await expect(frame.locator("#result")).not.toContainText("limit");
      moved = await expect
        .poll(async () => page.locator("[data-session-net]").getAttribute("data-session-net"), { timeout: 5000 })
        .not.toBe("0")
        .then(() => true)
        .catch(() => false);
    }
    expect(moved).toBe(true);
    expect(pageErrors).toEqual([]);
    expect((await page.request.delete("/api/operator/jurisdictions/MT", { headers: operator })).status()).toBe(204);
  });
});
