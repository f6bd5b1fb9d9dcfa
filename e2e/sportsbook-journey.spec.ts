// The sportsbook's whole journey on the real server (ADR 035, spec 2.3): a guest opens /sport and
// walks sport -> championship -> event on a phone, the address following the slug rules at each
// step; signs in from the bet slip (Escape closing the sign-in window, not the slip), builds a
// multiple of two selections and places it; sees a live price move up and down; places a single on
// desktop, choosing the next selection while it is pending; sees its cash-out offer follow a price
// move, cashes it out and finds the cashed-out amount in the header balance, both bets in the
// widget's bet history and in the wallet's sports bets tab.
// The spec's own events come through the feed's HTTP entry (e2e/support/sport-feed.ts), so it
// knows their names, prices and the moment a price moves.
import type { EventDetail } from "@playfair/contracts/sport/sportsbook-api";
import type { APIRequestContext, Page } from "@playwright/test";
import { en as widget } from "../apps/sportsbook/src/locales/en.ts";
import type walletCatalogue from "../apps/web/app/locales/en/wallet.json";
import { expect, expectAccessible, expectAccessibleInBothThemes, gotoHydrated, readCatalogue, test } from "./fixtures.ts";
import { registerPlayer } from "./support/accounts.ts";
import { depositByCard } from "./support/payments.ts";
import { accounts, dialog, SERVER_WORK_MS, waitForCaptcha } from "./support/sign-up.ts";
import { matchResult, postFeedBatch, scriptedEvent } from "./support/sport-feed.ts";

const wallet = readCatalogue<typeof walletCatalogue>("en", "wallet");

const SOCCER = 66;
/** Ids far above the simulator's (its events are numbered day * 10,000 + n), new on every run. */
const RUN = 1_900_000_000 + (Date.now() % 1_000_000) * 10;
const CATEGORY = { id: 1_899_000_001, sportId: SOCCER, name: "Journey Isles", position: 0 };
const CHAMPIONSHIP = { id: 1_899_000_011, categoryId: CATEGORY.id, name: "Harbour Cup (Div. 1)", position: 0 };
const crest = { shape: 2, primary: "#0f766e", secondary: "#f8fafc" };
const COMPETITORS = [
  { id: 1_899_000_101, sportId: SOCCER, name: "Harbour City", shortName: "HAR", crest },
  { id: 1_899_000_102, sportId: SOCCER, name: "Lowmoor Athletic", shortName: "LOW", crest },
  { id: 1_899_000_103, sportId: SOCCER, name: "Port Ellis", shortName: "POR", crest },
  { id: 1_899_000_104, sportId: SOCCER, name: "Kingsbury Town", shortName: "KIN", crest },
];

/** Live now: its prices move while the player watches. */
const live = scriptedEvent(RUN, {
  sportId: SOCCER,
  categoryId: CATEGORY.id,
  championshipId: CHAMPIONSHIP.id,
  homeCompetitorId: COMPETITORS[0]!.id,
  awayCompetitorId: COMPETITORS[1]!.id,
  name: "Harbour City vs Lowmoor Athletic",
  startsAt: Date.now() - 20 * 60_000,
  status: "live",
  liveCoverage: true,
});
/** Tomorrow's match: a pre-match price. */
const upcoming = scriptedEvent(RUN + 1, {
  sportId: SOCCER,
  categoryId: CATEGORY.id,
  championshipId: CHAMPIONSHIP.id,
  homeCompetitorId: COMPETITORS[2]!.id,
  awayCompetitorId: COMPETITORS[3]!.id,
  name: "Port Ellis vs Kingsbury Town",
  startsAt: Date.now() + 26 * 3_600_000,
  status: "not_started",
  liveCoverage: true,
});
const LIVE_STATE = { homeScore: 1, awayScore: 0, periodScores: [], phase: "1st_half", clockSeconds: 1_200 };

const SPORT_PATH = "/sport/soccer";
const CHAMPIONSHIP_PATH = `${SPORT_PATH}/journey-isles/harbour-cup-div-1`;
const LIVE_EVENT_PATH = `${CHAMPIONSHIP_PATH}/${live.eventId}-harbour-city-vs-lowmoor-athletic`;
const UPCOMING_EVENT_PATH = `${CHAMPIONSHIP_PATH}/${upcoming.eventId}-port-ellis-vs-kingsbury-town`;

/** The events are open for bets once the producers' snapshots after start-up are applied (a minute or two on a fresh, busy server). */
async function openForBets(request: APIRequestContext, eventId: number): Promise<void> {
  await expect
    .poll(
      async () => {
        const answer = await request.get(`/api/sportsbook/events/${eventId}`);
        if (!answer.ok()) return "missing";
        const event = (await answer.json()) as EventDetail;
        return event.suspended ? "suspended" : (event.markets.find((market) => market.marketKey === "1|")?.status ?? "no market");
      },
      { timeout: 240_000, intervals: [1_000] },
    )
    .toBe("active");
}

const sportsbook = (page: Page) => page.locator("[data-sportsbook-widget=main]");

/** An event row's link, by its teams and the address it leads to (a retried run's championship also lists the first run's events). */
function eventLink(page: Page, path: string, teams: RegExp) {
  return sportsbook(page).getByRole("link", { name: teams }).and(page.locator(`[href="${path}"]`));
}

/** A price button of the match result market, by its outcome's name. */
function price(page: Page, outcome: string) {
  return sportsbook(page).getByRole("group", { name: widget["market.1"] }).getByRole("button", { name: new RegExp(`^${outcome}\\b`) });
}

test("a guest walks to an event, signs in, bets a multiple and a single, sees a price move, cashes out and finds both bets", async ({ page, request, pageErrors }) => {
  // A fresh server's producers come up after their snapshots; then sign-in, two live bets (each
  // waits the live delay) and a dozen screens on a busy 2-core machine.
  test.setTimeout(420_000);
  await postFeedBatch(request, {
    catalogue: { categories: [CATEGORY], championships: [CHAMPIONSHIP], competitors: COMPETITORS },
    messages: [live.created(), live.prices([matchResult("2.10", "3.40", "3.30")], LIVE_STATE), upcoming.created(), upcoming.prices([matchResult("1.80", "3.60", "4.20")])],
  });
  const player = await registerPlayer(request);
  await depositByCard(request, player, "50.00");
  await openForBets(request, live.eventId);
  await openForBets(request, upcoming.eventId);

  // A guest on a phone: sport, then the championship (its category opened from the keyboard), then the event.
  await page.setViewportSize({ width: 390, height: 844 });
  await gotoHydrated(page, "/sport");
  await sportsbook(page).getByRole("link", { name: /^Soccer/ }).click();
  await expect(page).toHaveURL(SPORT_PATH);
  const category = sportsbook(page).locator("summary", { hasText: CATEGORY.name });
  await category.focus();
  await page.keyboard.press("Enter");
  await sportsbook(page).getByRole("link", { name: CHAMPIONSHIP.name, exact: true }).click();
  await expect(page).toHaveURL(CHAMPIONSHIP_PATH);
  await expect(sportsbook(page).getByRole("heading", { level: 1 })).toHaveText(CHAMPIONSHIP.name);
  await eventLink(page, LIVE_EVENT_PATH, /Harbour City.*Lowmoor Athletic/).click();
  await expect(page).toHaveURL(LIVE_EVENT_PATH);
  await expect(sportsbook(page).getByRole("heading", { level: 1 })).toHaveText(live.fixture.name);
  await expect(price(page, "Harbour City")).toContainText("2.10");
  await expectAccessible(page);

  // The guest's first selection waits in the slip while they sign in from it.
  await price(page, "Harbour City").click();
  const slipBar = sportsbook(page).getByRole("button", { name: widget["slip.open"].replace("{count}", "1") });
  await slipBar.click();
  const sheet = sportsbook(page).getByRole("dialog");
  const signInFromSlip = sheet.getByRole("link", { name: widget["slip.signInAction"] });
  await signInFromSlip.click();
  await expect(page).toHaveURL(`${LIVE_EVENT_PATH}?sign-in=true`);
  // Escape closes only the top layer: the sign-in window, and the slip's sheet stays beneath it.
  await dialog(page).locator('input[name="login"]').focus();
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(LIVE_EVENT_PATH);
  await expect(sheet).toBeVisible();
  await signInFromSlip.click();
  await expect(page).toHaveURL(`${LIVE_EVENT_PATH}?sign-in=true`);
  await dialog(page).locator('input[name="login"]').fill(player.email);
  await dialog(page).locator('input[name="password"]').fill(player.password);
  await waitForCaptcha(page);
  await dialog(page).getByRole("button", { name: accounts.signIn.submit }).click();
  await expect(page.locator("[data-signed-in-player]")).toBeVisible({ timeout: SERVER_WORK_MS });
  await expect(page).toHaveURL(LIVE_EVENT_PATH);
  const header = page.locator("[data-header-balance]");
  await expect(header).toContainText("€50.00");

  // The second selection from the other event of the championship: the slip makes them a multiple.
  await sportsbook(page).getByRole("link", { name: CHAMPIONSHIP.name, exact: true }).click();
  await expect(page).toHaveURL(CHAMPIONSHIP_PATH);
  await eventLink(page, UPCOMING_EVENT_PATH, /Port Ellis.*Kingsbury Town/).click();
  await expect(page).toHaveURL(UPCOMING_EVENT_PATH);
  await price(page, "Port Ellis").click();
  await sportsbook(page).getByRole("button", { name: widget["slip.open"].replace("{count}", "2") }).click();
  await expect(sheet.getByRole("combobox", { name: widget["slip.kind"] })).toHaveValue("multiple");
  await sheet.getByRole("textbox", { name: "Stake (EUR)" }).fill("5");
  // 2.10 x 1.80 = 3.78; 5 x 3.78 = 18.90.
  await expect(sheet.locator("dd").first()).toHaveText("3.78");
  await expect(sheet.locator("dd").last()).toHaveText("18.90 EUR");
  await sheet.getByRole("button", { name: widget["slip.place"] }).click();
  // The live leg waits the live delay before the bet is accepted.
  await expect(sheet.getByRole("status")).toHaveText(widget["slip.accepted"], { timeout: 20_000 });
  await expect(header).toContainText("€45.00");
  await page.keyboard.press("Escape");
  await expect(sheet).toHaveCount(0);

  // Back on the live event (the browser's back twice), the feed moves its prices: up for the home side, down for the away side.
  await page.goBack();
  await page.goBack();
  await expect(page).toHaveURL(LIVE_EVENT_PATH);
  await expect(price(page, "Harbour City")).toContainText("2.10");
  // The page listens to the event's channel from here on: the move cannot fall between its read and its subscription.
  await expect(sportsbook(page).locator("article[data-live-updates]")).toHaveAttribute("data-live-updates", "on");
  await postFeedBatch(request, { messages: [live.prices([matchResult("2.40", "3.40", "3.00")], LIVE_STATE)] });
  await expect(price(page, "Harbour City")).toHaveAccessibleName(/2\.40, price went up/);
  await expect(price(page, "Lowmoor Athletic")).toHaveAccessibleName(/3\.00, price went down/);
  await expect(price(page, "Harbour City")).toContainText("▲");
  await expect(price(page, "Lowmoor Athletic")).toContainText("▼");
  await expect(price(page, "Draw")).not.toContainText(/[▲▼]/);

  // On desktop the slip stands beside the event (readable in both themes): a single on the away side at its new price.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectAccessibleInBothThemes(page);
  await price(page, "Lowmoor Athletic").click();
  const slip = sportsbook(page).getByRole("complementary");
  await expect(slip.getByRole("combobox", { name: widget["slip.kind"] })).toHaveValue("single");
  await slip.getByRole("textbox", { name: "Stake (EUR)" }).fill("2");
  await expect(slip.locator("dd").last()).toHaveText("6.00 EUR");
  await slip.getByRole("button", { name: widget["slip.place"] }).click();
  // While the live bet waits out its delay the player goes on choosing: the choice is kept for the next bet.
  await expect(slip.getByRole("status")).toHaveText(widget["slip.pending"]);
  await price(page, "Draw").click();
  await expect(slip).toContainText(widget["slip.nextBet"]);
  await expect(slip.getByRole("status")).toHaveText(widget["slip.accepted"], { timeout: 20_000 });
  await expect(header).toContainText("€43.00");
  await expect(price(page, "Draw")).toHaveAttribute("aria-pressed", "true");
  await expect(price(page, "Lowmoor Athletic")).toHaveAttribute("aria-pressed", "false");
  await slip.getByRole("button", { name: widget["slip.remove"].replace("{name}", `Draw, ${live.fixture.name}`) }).click();
  await expect(price(page, "Draw")).toHaveAttribute("aria-pressed", "false");

  // My bets: both open; the single is cashed out at its offer and the amount reaches the balance.
  await sportsbook(page).getByRole("link", { name: widget["nav.myBets"] }).click();
  await expect(page).toHaveURL("/sport/betHistory");
  const betCards = sportsbook(page).getByRole("listitem").filter({ has: page.getByRole("term").filter({ hasText: widget["bets.stake"] }) });
  await expect(betCards).toHaveCount(2);
  const single = betCards.filter({ hasText: widget["slip.single"] });
  await expect(single).toContainText(widget["betStatus.accepted"]);
  await expect(single).toContainText(widget["outcome.away"]);
  await expect(single).toContainText("2.00 EUR");
  const cashOut = single.getByRole("button", { name: /^Cash out \d+\.\d{2} EUR$/ });
  const offerOnScreen = async () => Number(/(\d+\.\d{2}) EUR/.exec((await cashOut.textContent()) ?? "")?.[1] ?? Number.NaN);
  const before = await offerOnScreen();
  expect(before).toBeGreaterThan(0);
  // The away side's price shortens from 3.00 to 2.50: the single is worth more, and its offer follows without a reload.
  await postFeedBatch(request, { messages: [live.prices([matchResult("2.60", "3.40", "2.50")], LIVE_STATE)] });
  await expect.poll(offerOnScreen, { timeout: 15_000 }).toBeGreaterThan(before);
  const offered = /(\d+\.\d{2}) EUR/.exec((await cashOut.textContent()) ?? "")?.[1] ?? "";
  expect(offered).toMatch(/^\d+\.\d{2}$/);
  await cashOut.click();
  await expect(single).toContainText(widget["betStatus.cashed_out"]);
  const [whole = "0", cents = "0"] = offered.split(".");
  const balanceCents = 4300 + Number(whole) * 100 + Number(cents);
  await expect(header).toContainText(`€${Math.floor(balanceCents / 100)}.${String(balanceCents % 100).padStart(2, "0")}`);

  // The cashed-out single among the settled bets, the multiple the one bet still open.
  await sportsbook(page).getByRole("link", { name: widget["bets.settled"] }).click();
  await expect(page).toHaveURL("/sport/history");
  await expect(betCards).toHaveCount(1);
  await expect(betCards).toContainText(widget["betStatus.cashed_out"]);
  await expect(betCards).toContainText(live.fixture.name);
  await expect(betCards).toContainText(`${offered} EUR`);
  await sportsbook(page).getByRole("link", { name: widget["bets.open"] }).click();
  await expect(page).toHaveURL("/sport/betHistory");
  await expect(betCards).toHaveCount(1);
  await expect(betCards).toContainText(widget["slip.multiple"]);
  await expect(betCards).toContainText(live.fixture.name);
  await expect(betCards).toContainText(upcoming.fixture.name);
  await expect(betCards).toContainText("18.90 EUR");

  // The wallet's sports bets tab: the cashed-out single among the settled bets, the multiple among the open ones.
  await gotoHydrated(page, "/wallet/history?tab=bets");
  const rows = page.locator("[data-bet-row]");
  await expect(rows).toHaveCount(1);
  await expect(rows).toHaveAttribute("data-bet-status", "cashedOut");
  await expect(rows).toContainText(wallet.history.bets.kind.single);
  await expect(rows).toContainText(live.fixture.name);
  await expect(rows).toContainText("€2.00");
  await page.locator('[data-filter-panel="desktop"] [data-bet-filter="isSettled"]').selectOption("false");
  await expect(page).toHaveURL(/isSettled=false/);
  await expect(rows).toHaveCount(1);
  await expect(rows).toContainText(wallet.history.bets.kind.multiple);
  await expect(rows).toContainText(live.fixture.name);
  await expect(rows).toContainText(upcoming.fixture.name);
  await expect(rows).toContainText("€5.00");
  expect(pageErrors).toEqual([]);
});
