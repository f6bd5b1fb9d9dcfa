// Jurisdiction profiles (P11) in the browser: a 20-year-old plays Starfall for real under the UK's
// rules. GB is not a country a profile may name (players from there are placed by the visitor
// country, which this server takes from no proxy), so the operator gives the UK's profile to Malta
// for the walk and the player's profile says MT. The bet panel's maximum is the GBP 2 cap in euros,
// the session bar shows the net position and the time played, and a spin that returns no more than
// the stake is not celebrated.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { UK_JURISDICTION_RULES } from "@playfair/contracts/game/jurisdiction";
import { expect, gotoHydrated, test } from "./fixtures.ts";
import { auth, depositByCard, signedIn } from "./support/payments.ts";

/** The demo deployment's operator key, which the server writes to <DATA_DIR>/operator-key. */
async function operatorKey(): Promise<string> {
  const dataDir = process.env.PLAYFAIR_E2E_DATA_DIR;
  if (!dataDir) throw new Error("PLAYFAIR_E2E_DATA_DIR is not set (playwright.config.ts sets it)");
  const file = path.join(dataDir, "operator-key");
  await expect.poll(async () => (await readFile(file, "utf8").catch(() => "")).trim().length, { message: file }).toBeGreaterThan(0);
  return (await readFile(file, "utf8")).trim();
}

test.describe("the UK's rules on Starfall", () => {
  test("a 20-year-old under the UK's profile gets the GBP 2 cap, a session bar, and no celebration for a return not above the stake", async ({ page, baseURL, pageErrors }) => {
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
        await expect(result.locator("[data-slot-outcome]")).toHaveAttribute("data-slot-outcome", /^(loss|return)$/);
        await expect(result).not.toContainText("You won");
      }
    }
    expect(plain).toBe(true);
    await expect(page.locator("[data-session-net]")).not.toHaveAttribute("data-session-net", "0");
    expect(pageErrors).toEqual([]);
    expect((await page.request.delete("/api/operator/jurisdictions/MT", { headers: operator })).status()).toBe(204);
  });
});
