import type { GlobalConstants } from "@playfair/contracts/settings";
import { NO_SITE_INTEGRATIONS, type SiteSettings } from "@playfair/contracts/web-services";
import { describe, expect, it } from "vitest";
import type { AppServices } from "../../services.ts";
import { callServiceMethod } from "./protocol.ts";
import { localDomainServices, remoteWebServices } from "./web-services.ts";

const site: SiteSettings = {
  publicOrigin: "http://localhost:3000",
  buildId: "build-1",
  affiliateTagDays: 30,
  countryHeader: "cf-ipcountry",
  integrations: NO_SITE_INTEGRATIONS,
};
const constants = { playerStatuses: { active: 1 } } as unknown as GlobalConstants;

/** Domain services that answer with what they were asked, so a call's path is visible. */
function recordingServices() {
  const calls: string[] = [];
  const answer =
    (name: string) =>
    async (...args: unknown[]) => {
      calls.push(`${name}(${JSON.stringify(args)})`);
      return { answeredBy: name, args };
    };
  const services = {
    settings: {
      listCurrencies: answer("settings.listCurrencies"),
      listLocales: answer("settings.listLocales"),
      listCountries: answer("settings.listCountries"),
      getConstants: () => constants,
    },
    content: { getPage: answer("content.getPage"), listQuestions: answer("content.listQuestions") },
    sessions: {
      verifyAccessToken: async (token: string) => (token === "good" ? { playerId: "p1", sessionId: "s1" } : null),
    },
    players: { getProfile: answer("players.getProfile") },
    catalogue: {
      listCollections: answer("catalogue.listCollections"),
      listGames: answer("catalogue.listGames"),
      getGame: answer("catalogue.getGame"),
      listProviders: answer("catalogue.listProviders"),
      getProvider: answer("catalogue.getProvider"),
    },
    sport: { lists: { topEvents: answer("sport.lists.topEvents"), liveEvents: answer("sport.lists.liveEvents") } },
  };
  return { services: services as unknown as Pick<AppServices, "settings" | "content" | "sessions" | "players" | "catalogue" | "sport">, calls };
}

/** A worker's view wired to the main thread's services the way the pool wires them (arguments and answers cloned). */
function workerView() {
  const { services, calls } = recordingServices();
  const local = localDomainServices(services);
  const remote = remoteWebServices(
    async (service, method, args) => structuredClone(await callServiceMethod(local, service, method, structuredClone(args))),
    site,
    constants,
  );
  return { local, remote, calls };
}

describe("web services seen from a render worker", () => {
  it("forwards any method by name, so a new service needs no worker-side code", async () => {
    const forwarded: string[] = [];
    const remote = remoteWebServices(
      async (service, method, args) => {
        forwarded.push(`${service}.${method}(${JSON.stringify(args)})`);
        return "answer";
      },
      site,
      constants,
    ) as unknown as Record<string, Record<string, (...args: unknown[]) => Promise<unknown>>>;
    await expect(remote.bonuses!.listOffers!("de", 2)).resolves.toBe("answer");
    expect(forwarded).toEqual(['bonuses.listOffers(["de",2])']);
  });

  it("gets a clear error for a method the main thread does not offer", async () => {
    const { remote } = workerView();
    const unknown = (remote as unknown as Record<string, Record<string, () => Promise<unknown>>>).settings!.dropEverything!;
    await expect(unknown()).rejects.toThrow("Unknown service call settings.dropEverything");
  });

  it("reaches each domain method with the page's arguments and returns its answer", async () => {
    const { remote, calls } = workerView();
    await expect(remote.settings.listCurrencies({ visible: true })).resolves.toEqual({ answeredBy: "settings.listCurrencies", args: [{ visible: true }] });
    await expect(remote.settings.listLocales()).resolves.toMatchObject({ answeredBy: "settings.listLocales" });
    await expect(remote.settings.listCountries()).resolves.toMatchObject({ answeredBy: "settings.listCountries" });
    await expect(remote.content.getPage("static", "terms", "de")).resolves.toEqual({ answeredBy: "content.getPage", args: ["static", "terms", "de"] });
    await expect(remote.content.listQuestions("fa", 2, 10)).resolves.toEqual({ answeredBy: "content.listQuestions", args: ["fa", 2, 10] });
    expect(calls).toEqual([
      'settings.listCurrencies([{"visible":true}])',
      "settings.listLocales([])",
      "settings.listCountries([])",
      'content.getPage(["static","terms","de"])',
      'content.listQuestions(["fa",2,10])',
    ]);
  });

  it("reaches the catalogue's reads with the viewer the page passes", async () => {
    const { remote, calls } = workerView();
    const viewer = { playerId: null, country: "DE", language: "de", device: "mobile" as const };
    const query = { page: 2, perPage: 24, sort: "new" as const, collection: "slots" };
    await expect(remote.game.listCollections(viewer)).resolves.toEqual({ answeredBy: "catalogue.listCollections", args: [viewer] });
    await expect(remote.game.listGames(query, viewer)).resolves.toEqual({ answeredBy: "catalogue.listGames", args: [query, viewer] });
    await expect(remote.game.getGame("playfair-slot", viewer)).resolves.toEqual({ answeredBy: "catalogue.getGame", args: ["playfair-slot", viewer] });
    await expect(remote.game.listProviders(viewer)).resolves.toMatchObject({ answeredBy: "catalogue.listProviders" });
    await expect(remote.game.getProvider("playfair", viewer)).resolves.toEqual({ answeredBy: "catalogue.getProvider", args: ["playfair", viewer] });
    expect(calls).toHaveLength(5);
  });

  it("reaches the sportsbook's carousel reads with the number of events the page asks for", async () => {
    const { remote, calls } = workerView();
    await expect(remote.sport.topEvents(15)).resolves.toEqual({ answeredBy: "sport.lists.topEvents", args: [15] });
    await expect(remote.sport.liveEvents(7)).resolves.toEqual({ answeredBy: "sport.lists.liveEvents", args: [7] });
    expect(calls).toEqual(["sport.lists.topEvents([15])", "sport.lists.liveEvents([7])"]);
  });

  it("verifies the access token in the main thread and brings back the player's profile", async () => {
    const { remote } = workerView();
    await expect(remote.accounts.sessionFromAccessToken("good")).resolves.toEqual({
      playerId: "p1",
      sessionId: "s1",
      profile: { answeredBy: "players.getProfile", args: ["p1"] },
    });
    await expect(remote.accounts.sessionFromAccessToken("forged")).resolves.toBeNull();
  });

  it("answers the constants and site settings in the worker without a call", () => {
    const { remote, calls } = workerView();
    expect(remote.settings.getConstants()).toBe(constants);
    expect(remote.site).toBe(site);
    expect(calls).toEqual([]);
  });
});

describe("callServiceMethod", () => {
  const services = { settings: { listLocales: async () => ["en"] } };

  it("refuses names the services object does not list as its own", async () => {
    await expect(callServiceMethod(services, "settings", "listCountries", [])).rejects.toThrow("Unknown service call settings.listCountries");
    await expect(callServiceMethod(services, "settings", "constructor", [])).rejects.toThrow("Unknown service call settings.constructor");
    await expect(callServiceMethod(services, "toString", "call", [])).rejects.toThrow("Unknown service call toString.call");
    await expect(callServiceMethod(services, "settings", "listLocales", [])).resolves.toEqual(["en"]);
  });
});
