import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readJson, startTestServer, type TestServer } from "../../../test/test-server.ts";
import { seedDatabase } from "../../seed.ts";

// The responsible-gaming page's help organisations: seeded for the countries we serve, the player's
// country first and the international ones after, and editable through the operator API.

const OPERATOR_KEY = "help-organisations-operator-key-0123";
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ env: { OPERATOR_API_KEYS: OPERATOR_KEY, RATE_LIMIT_ENABLED: "false" } });
});
afterAll(async () => server?.close());

const operator = (method: string, body?: unknown): RequestInit => ({
  method,
  headers: { authorization: `Bearer ${OPERATOR_KEY}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
});

async function namesFor(country: string): Promise<string[]> {
  const response = await server.request(`/api/content/help-organisations?country=${country}`);
  expect(response.status).toBe(200);
  return (await readJson(response)).data.map((entry: { name: string }) => entry.name);
}

describe("help organisations", () => {
  it("lists the player's country's helplines first, then the international ones; a country without its own gets those", async () => {
    const german = await readJson(await server.request("/api/content/help-organisations?country=de"));
    expect(german.country).toBe("DE");
    expect(german.data[0]).toMatchObject({ country: "DE", name: "BZgA Beratungstelefon zur Glücksspielsucht", phone: "0800 1 37 27 00", url: "https://www.check-dein-spiel.de" });
    expect(german.data.slice(1).every((entry: { country: string }) => entry.country === "INT")).toBe(true);
    expect(await namesFor("IN")).toEqual(["Gambling Therapy", "Gamblers Anonymous"]);
  });

  it("uses the visitor's country when none is asked for, and only the international list when it is unknown", async () => {
    const response = await server.request("/api/content/help-organisations");
    // Shared caches keep one copy per edge country, never one visitor's list for everyone.
    expect(response.headers.get("vary")).toContain("cf-ipcountry");
    const unknown = await readJson(response);
    expect(unknown.country).toBeNull();
    expect(unknown.data.map((entry: { country: string }) => entry.country)).toEqual(["INT", "INT"]);
  });

  it("lets an operator add, change and remove organisations, and refuses anyone else", async () => {
    expect((await server.request("/api/operator/help-organisations", { method: "GET" })).status).toBe(401);
    const created = await server.request("/api/operator/help-organisations", operator("POST", { country: "IN", name: "Local helpline", phone: "1800 000 000", url: "https://help.example.org", sortOrder: 1 }));
    expect(created.status).toBe(201);
    const { id } = (await readJson(created)).data;
    expect(await namesFor("IN")).toEqual(["Local helpline", "Gambling Therapy", "Gamblers Anonymous"]);

    const renamed = await server.request(`/api/operator/help-organisations/${id}`, operator("PUT", { country: "IN", name: "Renamed helpline", url: null }));
    expect((await readJson(renamed)).data).toMatchObject({ name: "Renamed helpline", phone: null, url: null });
    const badUrl = await server.request(`/api/operator/help-organisations/${id}`, operator("PUT", { country: "IN", name: "X", url: "javascript:alert(1)" }));
    expect(badUrl.status).toBe(422);

    expect((await server.request(`/api/operator/help-organisations/${id}`, operator("DELETE"))).status).toBe(204);
    expect(await namesFor("IN")).toEqual(["Gambling Therapy", "Gamblers Anonymous"]);
    const all = await readJson(await server.request("/api/operator/help-organisations", operator("GET")));
    expect(all.data.some((entry: { country: string }) => entry.country === "GB")).toBe(true);
  });

  it("keeps a country an operator emptied empty when the server starts again", async () => {
    const all = await readJson(await server.request("/api/operator/help-organisations", operator("GET")));
    const turkish = all.data.filter((entry: { country: string }) => entry.country === "TR");
    expect(turkish.length).toBeGreaterThan(0);
    for (const entry of turkish) expect((await server.request(`/api/operator/help-organisations/${entry.id}`, operator("DELETE"))).status).toBe(204);

    // What every start runs.
    await seedDatabase(server.database.db);

    expect(await namesFor("TR")).toEqual(["Gambling Therapy", "Gamblers Anonymous"]);
    expect(await namesFor("GB")).toEqual(["National Gambling Helpline (GamCare)", "GAMSTOP", "Gambling Therapy", "Gamblers Anonymous"]);
  });
});
