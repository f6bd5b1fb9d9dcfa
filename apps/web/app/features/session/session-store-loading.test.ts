// @vitest-environment happy-dom
import { afterEach, expect, it, vi } from "vitest";
import { storeEntryParameters } from "#app/features/site-services/entry-address.ts";
import { loadSessionStore } from "./session-watch.ts";

// The store stands in as an empty module: what is under test is when it is handed out.
vi.mock("./session-store.ts", () => ({ loadedForTest: true }));

const storing = vi.hoisted(() => ({ release: () => {} }));
vi.mock("#app/features/site-services/entry-parameters.ts", () => ({
  applyEntryParameters: () =>
    new Promise((resolve) => {
      storing.release = () => resolve({ replacementSearch: null });
    }),
}));

afterEach(() => localStorage.clear());

it("hands out the session store only once the arrival address's entry parameters are stored", async () => {
  void storeEntryParameters("?botURL=https%3A%2F%2Ft.me%2Fplayfair_bot%2Fapp", { affiliateTagDays: 30 });
  let loaded = false;
  const store = loadSessionStore().then((module) => {
    loaded = true;
    return module;
  });
  // Long enough for the (mocked, instant) store module to have loaded.
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(loaded).toBe(false);

  storing.release();
  expect(await store).toMatchObject({ loadedForTest: true });
});
