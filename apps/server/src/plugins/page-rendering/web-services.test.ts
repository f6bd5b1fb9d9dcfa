import type { GlobalConstants } from "@playfair/contracts/settings";
import { NO_SITE_INTEGRATIONS, type SiteSettings } from "@playfair/contracts/web-services";
import { describe, expect, it } from "vitest";
import type { AppServices } from "../../services.ts";
import { callServiceMethod } from "./protocol.ts";
import { localDomainServices, remoteWebServices } from "./web-services.ts";

const site: SiteSettings = {
  publicOrigin: null,
  buildId: "build-1",
  affiliateTagDays: 30,
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
  };
  return { services: services as unknown as Pick<AppServices, "settings" | "content" | "sessions" | "players">, calls };
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
  it("offers exactly the services and methods the main thread answers", () => {
    const { local, remote } = workerView();
    const shape = (services: object) =>
      Object.entries(services)
        .filter(([name]) => name !== "site")
        .map(([name, methods]) => `${name}: ${Object.keys(methods as object).sort().join(",")}`)
        .sort();
    expect(shape(remote)).toEqual(shape(local));
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

describe("reference data in a render worker", () => {
  function countingWorker(options: { failFirst?: boolean } = {}) {
    let clock = 0;
    let calls = 0;
    let shouldFail = options.failFirst ?? false;
    const remote = remoteWebServices(
      async (service, method) => {
        calls++;
        await Promise.resolve();
        if (shouldFail) {
          shouldFail = false;
          throw new Error("database unavailable");
        }
        return [`${service}.${method} answer ${calls}`];
      },
      site,
      constants,
      { referenceDataMs: 1000, now: () => clock },
    );
    return { remote, calls: () => calls, advance: (ms: number) => (clock += ms) };
  }

  it("reuses the answer for a second, then asks the main thread again", async () => {
    const worker = countingWorker();
    const first = await worker.remote.settings.listLocales();
    worker.advance(999);
    expect(await worker.remote.settings.listLocales()).toBe(first);
    expect(worker.calls()).toBe(1);
    worker.advance(1);
    expect(await worker.remote.settings.listLocales()).toEqual(["settings.listLocales answer 2"]);
    expect(worker.calls()).toBe(2);
  });

  it("lets concurrent renders share one call, and keeps each currency filter apart", async () => {
    const worker = countingWorker();
    const answers = await Promise.all([
      worker.remote.settings.listCurrencies({ visible: true }),
      worker.remote.settings.listCurrencies({ visible: true }),
      worker.remote.settings.listCurrencies(),
      worker.remote.settings.listCountries(),
    ]);
    expect(answers[0]).toBe(answers[1]);
    expect(answers[2]).not.toBe(answers[0]);
    expect(worker.calls()).toBe(3);
  });

  it("does not keep a failed answer: the next render asks again", async () => {
    const worker = countingWorker({ failFirst: true });
    await expect(worker.remote.settings.listLocales()).rejects.toThrow("database unavailable");
    await expect(worker.remote.settings.listLocales()).resolves.toEqual(["settings.listLocales answer 2"]);
    expect(worker.calls()).toBe(2);
  });

  it("never reuses content pages or sessions", async () => {
    const worker = countingWorker();
    await worker.remote.content.getPage("static", "terms", "en");
    await worker.remote.content.getPage("static", "terms", "en");
    await worker.remote.accounts.sessionFromAccessToken("token");
    await worker.remote.accounts.sessionFromAccessToken("token");
    expect(worker.calls()).toBe(4);
  });
});
