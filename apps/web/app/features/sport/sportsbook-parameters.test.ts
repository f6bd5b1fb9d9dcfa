import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchSportsbookToken, sportsbookStartParameters, sportsbookUserData } from "./sportsbook-parameters.ts";

const api = vi.hoisted(() => ({ request: vi.fn() }));
vi.mock("#app/lib/api-client.ts", () => ({ apiRequest: api.request }));

const FACTS = { language: "es-mx", origin: "https://playfair.test", accountId: "acc-1", profileCountry: null, visitorCountry: "mx", isPhone: true };

afterEach(() => {
  api.request.mockReset();
});

describe("the sportsbook's start parameters", () => {
  it("carry the account, the site's origin, the mapped language, the country fallbacks and the platform", () => {
    expect(sportsbookStartParameters(FACTS)).toEqual({ accountId: "acc-1", lobbyUrl: "https://playfair.test", locale: "es-ES", countryCode: "MX", demoMode: false, platform: 1, provider: "playfair" });
    expect(sportsbookStartParameters({ ...FACTS, language: "en", accountId: null, visitorCountry: null, isPhone: false })).toMatchObject({ accountId: "", locale: "en-GB", countryCode: "UA", platform: 2 });
  });

  it("give a signed-in player plug-in user data and a guest none", () => {
    const parameters = sportsbookStartParameters(FACTS);
    expect(sportsbookUserData("player-1", "EUR", parameters)).toEqual({ userId: "player-1", geo: "MX", currency: "EUR", locale: "es-ES" });
    expect(sportsbookUserData(null, null, parameters)).toBeNull();
  });
});

describe("the start-game call", () => {
  it("posts the start parameters to the sportsbook's game as the signed-in player and reads the token field", async () => {
    api.request.mockResolvedValueOnce({ token: "sb-token", kind: "iframe" });
    const parameters = sportsbookStartParameters(FACTS);
    await expect(fetchSportsbookToken(parameters)).resolves.toBe("sb-token");
    expect(api.request).toHaveBeenCalledWith("/api/game/games/playfair-sportsbook/play", {
      auth: "required",
      method: "POST",
      body: expect.objectContaining({ demo: false, device: "mobile", accountId: "acc-1", locale: "es-ES", provider: "playfair" }),
    });
  });

  it("fails when the answer has no token field, so the widget keeps its token", async () => {
    api.request.mockResolvedValueOnce({ sessionId: "s-1" });
    await expect(fetchSportsbookToken(sportsbookStartParameters(FACTS))).rejects.toThrow("no token field");
  });
});
