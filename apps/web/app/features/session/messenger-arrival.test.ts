// @vitest-environment happy-dom
// A file of its own: the session store registers its API hooks once per module load, so this must
// be the first load of the store in its test file.
import { afterEach, expect, it, vi } from "vitest";
import { storeEntryParameters } from "#app/features/site-services/entry-address.ts";
import { apiRequest } from "#app/lib/api-client.ts";
import { resetSessionForTests, seedSession } from "#app/lib/session.tsx";
import { startSessionWatch } from "./session-watch.ts";

let stop: () => void = () => {};
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
  localStorage.clear();
});

it("sends a messenger visitor's first call from the bot the arrival address names (spec 7 source, platform)", async () => {
  resetSessionForTests();
  seedSession({ status: "guest" });
  const sent: { source: string | null; platform: string | null }[] = [];
  vi.stubGlobal("fetch", (_url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    sent.push({ source: headers.get("source"), platform: headers.get("platform") });
    return Promise.resolve(new Response(JSON.stringify({ ok: true }), { status: 200, headers: { "content-type": "application/json" } }));
  });
  // As on a first load: the site services start storing the address's parameters, then the
  // session watch starts and the page makes its first call.
  void storeEntryParameters("?botURL=https%3A%2F%2Ft.me%2Fplayfair_bot%2Fapp", { affiliateTagDays: 30 });
  stop = startSessionWatch();
  await apiRequest("/api/player/profile");
  expect(sent).toEqual([{ source: "https://t.me/playfair_bot/app", platform: "tg" }]);
});
