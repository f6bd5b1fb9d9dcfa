// Session-storage reload guard (spec 9: 10 s). Automatic reloads (a chunk that failed to load, a
// new build) must not loop: after one, another is allowed only when 10 s have passed.
import { readItem, storageArea, writeItem, type KeyValueStorage } from "./storage.ts";

export const RELOAD_GUARD_KEY = "reloadGuard";
export const RELOAD_GUARD_MS = 10_000;

/** Whether an automatic reload may happen now; when it may, the time is recorded. */
export function tryAcquireReloadGuard(now = Date.now(), storage: KeyValueStorage | null = storageArea("session")): boolean {
  const last = Number(readItem(storage, RELOAD_GUARD_KEY));
  if (Number.isFinite(last) && last > 0 && now - last >= 0 && now - last < RELOAD_GUARD_MS) return false;
  // Without storage the guard cannot remember anything, so it refuses rather than risk a loop.
  return writeItem(storage, RELOAD_GUARD_KEY, String(now));
}
