// Refreshing the access token once at a time across tabs (spec 4 "Session", 9).
//
// Several tabs share one token (the cookie, or localStorage in messenger mode) and one refresh
// token cookie that rotates on every use: two tabs refreshing at once would present the same
// refresh token twice, which the server treats as theft and answers by ending the session. So:
//
// - within a tab, concurrent callers share one refresh;
// - across tabs, a flag in localStorage (REFRESH_LOCK_KEY = {owner, at}) says a refresh is under
//   way. A tab that finds someone else's flag waits, reading the token every 500 ms up to 10 times,
//   and takes the new one as soon as it appears. A flag older than the lock lifetime belongs to a
//   tab that crashed or closed mid-refresh and is ignored;
// - taking the flag is confirmed by reading it back a moment later: of two tabs that wrote it at
//   nearly the same time, only the last writer goes on, the other waits like everyone else.
import { readJson, removeItem, writeItem, type KeyValueStorage } from "#app/features/site-services/storage.ts";
import { REFRESH_LOCK_KEY, REFRESH_POLL_ATTEMPTS, REFRESH_POLL_INTERVAL_MS } from "./session-keys.ts";
import { isTokenExpired } from "./token-claims.ts";

/** A refresh is a request with a 10 s timeout; a flag older than this is a dead tab's. */
export const REFRESH_LOCK_TTL_MS = 15_000;
/** How long a tab waits before reading its flag back to see whether it won. */
export const REFRESH_LOCK_CONFIRM_MS = 40;

type LockRecord = { owner: string; at: number };

export type RefreshCoordinatorOptions = {
  /** localStorage (shared by the tabs); null turns the cross-tab part off. */
  storage: KeyValueStorage | null;
  /** The token as stored right now (shared by the tabs). */
  readToken(): string | null;
  /**
   * Performs the refresh: stores and returns the new token, or null when the session is over (the
   * caller has already signed out or re-logged in). Throws when the outcome is unknown (no answer).
   */
  refresh(): Promise<string | null>;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** This tab's identity in the flag. */
  tabId?: string;
};

export type RefreshCoordinator = {
  /** The stored token when it is still fresh; otherwise the one a refresh produces (here or in another tab). */
  freshToken(): Promise<string | null>;
  /** Refreshes now (same coordination), whatever the token's expiry says. */
  refreshNow(): Promise<string | null>;
};

function isLockRecord(value: unknown): value is LockRecord {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.owner === "string" && typeof record.at === "number";
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function randomTabId(): string {
  return typeof crypto !== "undefined" && typeof crypto.randomUUID === "function" ? crypto.randomUUID() : Math.random().toString(36).slice(2);
}

type WaitOutcome = { kind: "token"; token: string } | { kind: "signedOut" } | { kind: "gaveUp" };

export function createRefreshCoordinator(options: RefreshCoordinatorOptions): RefreshCoordinator {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? defaultSleep;
  const tabId = options.tabId ?? randomTabId();
  const { storage } = options;
  let inFlight: Promise<string | null> | null = null;

  function readLock(): LockRecord | null {
    const record = readJson(storage, REFRESH_LOCK_KEY);
    return isLockRecord(record) ? record : null;
  }

  function lockHeldByOther(): boolean {
    const lock = readLock();
    return lock !== null && lock.owner !== tabId && now() - lock.at < REFRESH_LOCK_TTL_MS;
  }

  async function acquireLock(): Promise<boolean> {
    if (!storage) return true;
    if (!writeItem(storage, REFRESH_LOCK_KEY, JSON.stringify({ owner: tabId, at: now() } satisfies LockRecord))) return true;
    await sleep(REFRESH_LOCK_CONFIRM_MS);
    return readLock()?.owner === tabId;
  }

  function releaseLock(): void {
    if (readLock()?.owner === tabId) removeItem(storage, REFRESH_LOCK_KEY);
  }

  /** Another tab is refreshing: wait for its token (500 ms x 10), or for it to give up. */
  async function waitForOtherTab(staleToken: string | null): Promise<WaitOutcome> {
    for (let attempt = 0; attempt < REFRESH_POLL_ATTEMPTS; attempt += 1) {
      await sleep(REFRESH_POLL_INTERVAL_MS);
      const token = options.readToken();
      if (token === null) return { kind: "signedOut" };
      if (token !== staleToken && !isTokenExpired(token, now())) return { kind: "token", token };
      if (!lockHeldByOther()) return { kind: "gaveUp" };
    }
    return { kind: "gaveUp" };
  }

  async function runRefresh(staleToken: string | null): Promise<string | null> {
    // Up to two rounds: wait for a tab that holds the flag, then try to take it ourselves; a tab
    // that beats us to it is waited for once more before we refresh regardless.
    for (let round = 0; round < 2; round += 1) {
      if (lockHeldByOther()) {
        const outcome = await waitForOtherTab(staleToken);
        if (outcome.kind === "token") return outcome.token;
        if (outcome.kind === "signedOut") return null;
      }
      if (await acquireLock()) break;
      if (round === 1) break;
    }
    // Between our last look and taking the flag, another tab may have finished a refresh.
    const current = options.readToken();
    if (current === null) {
      releaseLock();
      return null;
    }
    if (current !== staleToken && !isTokenExpired(current, now())) {
      releaseLock();
      return current;
    }
    try {
      return await options.refresh();
    } finally {
      releaseLock();
    }
  }

  function shared(staleToken: string | null): Promise<string | null> {
    inFlight ??= runRefresh(staleToken).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }

  return {
    async freshToken() {
      const token = options.readToken();
      if (token === null) return null;
      if (!isTokenExpired(token, now())) return token;
      return shared(token);
    },
    refreshNow() {
      return shared(options.readToken());
    },
  };
}
