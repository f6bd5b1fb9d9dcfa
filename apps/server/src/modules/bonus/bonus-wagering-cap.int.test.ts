import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, type TestServer } from "../../../test/test-server.ts";
import { and, eq } from "drizzle-orm";
import { asOperator, bearer, bonusPlayer, issued, postMoney, startBonusServer } from "./bonus-api-test-kit.ts";
import { playerBonuses } from "./bonus.schema.ts";

// A jurisdiction profile's bonus wagering cap (ADR 034): the seeded templates ask 10x; a country
// whose profile says 5x gives its players bonuses wagered 5x, shows them 5x in the deposit offers,
// and leaves every other country at the platform's 10x.

let server: TestServer;

beforeAll(async () => {
  server = await startBonusServer();
});

afterAll(async () => {
  await server?.close();
});

const SWEDISH_RULES = {
  categories: ["slots"],
  stakeCaps: [],
  minCycleMs: 0,
  autoplayAllowed: true,
  turboAllowed: true,
  slamStopAllowed: true,
  celebrateOnlyAboveStake: false,
  showNetPosition: false,
  showTimePlayed: false,
  bonusWageringCap: "5",
};

describe("a jurisdiction profile's bonus wagering cap", () => {
  it("keeps the UK's seeded cap at 10 and refuses a cap above the platform's", async () => {
    const uk = await readJson(await server.request("/api/operator/jurisdictions/GB", asOperator("GET")));
    expect(uk.data).toMatchObject({ country: "GB", bonusWageringCap: "10" });
    const tooHigh = await server.request("/api/operator/jurisdictions/SE", asOperator("PUT", { ...SWEDISH_RULES, bonusWageringCap: "12" }));
    expect(tooHigh.status).toBe(422);
    expect(Object.keys((await readJson(tooHigh)).errors)).toEqual(["bonusWageringCap"]);
  });

  it("issues bonuses of a 5x country wagered 5x and shows its deposit offers at 5x; other countries keep 10x", async () => {
    const saved = await server.request("/api/operator/jurisdictions/SE", asOperator("PUT", SWEDISH_RULES));
    expect(saved.status).toBe(200);
    expect((await readJson(saved)).data).toMatchObject({ country: "SE", bonusWageringCap: "5" });

    const swede = await bonusPlayer(server, { country: "SE" });
    const german = await bonusPlayer(server, { country: "DE" });
    const capped = (await issued(server, swede.playerId, "no-deposit-10")) as unknown as { amount: string; wagering: { multiplier: string; required: string } };
    expect(capped.wagering).toMatchObject({ multiplier: "5", required: "50.00" });
    const uncapped = (await issued(server, german.playerId, "no-deposit-10")) as unknown as { wagering: { multiplier: string; required: string } };
    expect(uncapped.wagering).toMatchObject({ multiplier: "10", required: "100.00" });

    const offersOf = async (player: typeof swede) => (await readJson(await server.request("/api/game/bonuses?currency=EUR&amount=100", bearer(player)))).data as { code: string; terms: { wageringMultiplier: string } }[];
    const swedishOffers = await offersOf(swede);
    expect(swedishOffers.length).toBeGreaterThan(0);
    for (const offer of swedishOffers) expect(offer.terms.wageringMultiplier, offer.code).toBe("5");
    for (const offer of await offersOf(german)) expect(offer.terms.wageringMultiplier, offer.code).toBe("10");

    // Without the cap the profile's players are back at the platform's 10x.
    await server.request("/api/operator/jurisdictions/SE", asOperator("PUT", { ...SWEDISH_RULES, bonusWageringCap: null }));
    const again = await bonusPlayer(server, { country: "SE" });
    const platform = (await issued(server, again.playerId, "no-deposit-10")) as unknown as { wagering: { multiplier: string } };
    expect(platform.wagering.multiplier).toBe("10");
  });

  it("pays the weekly cashback of a player whose profile caps wagering below the template's 1x at that cap", async () => {
    expect((await server.request("/api/operator/jurisdictions/NO", asOperator("PUT", { ...SWEDISH_RULES, bonusWageringCap: "0.5" }))).status).toBe(200);
    const norwegian = await bonusPlayer(server, { country: "NO" });
    const german = await bonusPlayer(server, { country: "DE" });
    for (const player of [norwegian, german]) {
      await postMoney(server, player, "deposit", "300");
      await postMoney(server, player, "game-stake", "200");
    }
    // Postings carry the database's time: a week from now, their week is the last closed one.
    await server.app.services.bonus.cashback.payCashback(new Date(Date.now() + 7 * 86_400_000));
    const cashbackOf = async (playerId: string) => {
      const [row] = await server.database.db.select().from(playerBonuses).where(and(eq(playerBonuses.playerId, playerId), eq(playerBonuses.source, "cashback")));
      return row;
    };
    expect(await cashbackOf(norwegian.playerId)).toMatchObject({ amount: "20.00", wageringMultiplier: "0.5", wageringRequired: "10.00" });
    expect(await cashbackOf(german.playerId)).toMatchObject({ amount: "20.00", wageringMultiplier: "1", wageringRequired: "20.00" });
  });
});
