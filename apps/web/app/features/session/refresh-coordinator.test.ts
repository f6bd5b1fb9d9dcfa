import { REFRESH_LOCK_KEY } from "@playfair/contracts/player/auth";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { memoryStorage } from "#app/features/site-services/storage.ts";
import { createRefreshCoordinator, REFRESH_LOCK_CONFIRM_MS, REFRESH_LOCK_TTL_MS } from "./refresh-coordinator.ts";
import { fakeAccessToken } from "./test-tokens.ts";

const START = Date.UTC(2030, 0, 1, 12, 0, 0);

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(START);
});
afterEach(() => vi.useRealTimers());

/** Tabs sharing one localStorage and one token (the cookie), each with its own coordinator. */
function browser(initialToken: string | null) {
  const storage = memoryStorage();
  const shared = { token: initialToken, refreshCalls: 0 };
  const tab = (tabId: string, refresh?: () => Promise<string | null>) =>
    createRefreshCoordinator({
      storage,
      tabId,
      readToken: () => shared.token,
      refresh:
        refresh ??
        (async () => {
          shared.refreshCalls += 1;
          // The server takes a moment to answer.
          await new Promise((resolve) => setTimeout(resolve, 300));
          shared.token = fakeAccessToken(Date.now() + 900_000, "player-1", { n: shared.refreshCalls });
          return shared.token;
        }),
    });
  return { storage, shared, tab };
}

describe("expiry margin", () => {
  it("hands out a token that expires in more than 10 s without refreshing", async () => {
    const { shared, tab } = browser(fakeAccessToken(START + 11_000));
    await expect(tab("a").freshToken()).resolves.toBe(shared.token);
    expect(shared.refreshCalls).toBe(0);
  });

  it("refreshes a token that expires within 10 s", async () => {
    const { shared, tab } = browser(fakeAccessToken(START + 9_000));
    const result = tab("a").freshToken();
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe(shared.token);
    expect(shared.refreshCalls).toBe(1);
  });

  it("gives null without refreshing when signed out", async () => {
    const { shared, tab } = browser(null);
    await expect(tab("a").freshToken()).resolves.toBeNull();
    expect(shared.refreshCalls).toBe(0);
  });
});

describe("one refresh at a time", () => {
  it("shares one refresh between concurrent callers in a tab", async () => {
    const { shared, tab } = browser(fakeAccessToken(START - 1_000));
    const coordinator = tab("a");
    const results = Promise.all([coordinator.freshToken(), coordinator.freshToken(), coordinator.freshToken()]);
    await vi.runAllTimersAsync();
    const tokens = await results;
    expect(shared.refreshCalls).toBe(1);
    expect(new Set(tokens).size).toBe(1);
    expect(tokens[0]).toBe(shared.token);
  });

  it("lets three tabs that start together refresh exactly once, the others taking the new token", async () => {
    const { shared, storage, tab } = browser(fakeAccessToken(START - 1_000));
    const tabs = [tab("a"), tab("b"), tab("c")];
    const results = Promise.all(tabs.map((coordinator) => coordinator.freshToken()));
    await vi.runAllTimersAsync();
    const tokens = await results;
    expect(shared.refreshCalls).toBe(1);
    expect(tokens).toEqual([shared.token, shared.token, shared.token]);
    // The flag is gone once the refresh is over.
    expect(storage.getItem(REFRESH_LOCK_KEY)).toBeNull();
  });

  it("waits for another tab's flag by polling every 500 ms, and takes its token", async () => {
    const { shared, storage } = browser(fakeAccessToken(START - 1_000));
    storage.setItem(REFRESH_LOCK_KEY, JSON.stringify({ owner: "other", at: START }));
    const reads = vi.fn(() => shared.token);
    const waiting = createRefreshCoordinator({ storage, tabId: "a", readToken: reads, refresh: async () => "never" });
    const result = waiting.freshToken();
    await vi.advanceTimersByTimeAsync(0);
    const readsBefore = reads.mock.calls.length;
    await vi.advanceTimersByTimeAsync(499);
    expect(reads.mock.calls.length).toBe(readsBefore);
    await vi.advanceTimersByTimeAsync(1);
    expect(reads.mock.calls.length).toBe(readsBefore + 1);
    // The other tab finishes after its third poll.
    await vi.advanceTimersByTimeAsync(1_000);
    shared.token = fakeAccessToken(START + 900_000, "player-1", { from: "other" });
    await vi.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toBe(shared.token);
  });

  it("polls at most 10 times, then refreshes itself when the other tab never delivers", async () => {
    const { shared, storage, tab } = browser(fakeAccessToken(START - 1_000));
    // A flag that stays fresh: the other tab keeps it but never finishes.
    const keepFlag = setInterval(() => storage.setItem(REFRESH_LOCK_KEY, JSON.stringify({ owner: "other", at: Date.now() })), 100);
    storage.setItem(REFRESH_LOCK_KEY, JSON.stringify({ owner: "other", at: START }));
    const coordinator = tab("a");
    const result = coordinator.freshToken();
    await vi.advanceTimersByTimeAsync(10 * 500 - 1);
    expect(shared.refreshCalls).toBe(0);
    clearInterval(keepFlag);
    await vi.runAllTimersAsync();
    await expect(result).resolves.toBe(shared.token);
    expect(shared.refreshCalls).toBe(1);
  });

  it("ignores a flag left by a tab that died (older than the lock lifetime)", async () => {
    const { shared, storage, tab } = browser(fakeAccessToken(START - 1_000));
    storage.setItem(REFRESH_LOCK_KEY, JSON.stringify({ owner: "dead", at: START - REFRESH_LOCK_TTL_MS - 1 }));
    const result = tab("a").freshToken();
    await vi.advanceTimersByTimeAsync(REFRESH_LOCK_CONFIRM_MS + 300);
    await expect(result).resolves.toBe(shared.token);
    expect(shared.refreshCalls).toBe(1);
  });

  it("stops waiting with null when the other tab's refresh signed the player out", async () => {
    const { shared, storage, tab } = browser(fakeAccessToken(START - 1_000));
    storage.setItem(REFRESH_LOCK_KEY, JSON.stringify({ owner: "other", at: START }));
    const result = tab("a").freshToken();
    await vi.advanceTimersByTimeAsync(700);
    shared.token = null;
    storage.removeItem(REFRESH_LOCK_KEY);
    await vi.advanceTimersByTimeAsync(500);
    await expect(result).resolves.toBeNull();
    expect(shared.refreshCalls).toBe(0);
  });

  it("releases the flag when the refresh fails, and passes the failure on", async () => {
    const { storage, tab } = browser(fakeAccessToken(START - 1_000));
    const failing = tab("a", async () => {
      throw new Error("no answer");
    });
    const result = failing.freshToken();
    const settled = expect(result).rejects.toThrow("no answer");
    await vi.runAllTimersAsync();
    await settled;
    expect(storage.getItem(REFRESH_LOCK_KEY)).toBeNull();
  });

  it("refreshNow refreshes even a fresh token, through the same coordination", async () => {
    const { shared, tab } = browser(fakeAccessToken(START + 600_000));
    const before = shared.token;
    const result = tab("a").refreshNow();
    await vi.runAllTimersAsync();
    await expect(result).resolves.not.toBe(before);
    expect(shared.refreshCalls).toBe(1);
  });
});
