// Web Storage that never throws. Private browsing modes, disabled cookies, full quotas and
// server rendering all make localStorage/sessionStorage throw or be missing; none of the site's
// small records (affiliate tag, preview token, reload guard...) is worth a broken page.

export type StorageArea = "local" | "session";

/** The subset of the Storage interface the site uses (lets tests pass an in-memory stand-in). */
export type KeyValueStorage = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function storageArea(area: StorageArea): KeyValueStorage | null {
  try {
    if (typeof window === "undefined") return null;
    return area === "local" ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readItem(storage: KeyValueStorage | null, key: string): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeItem(storage: KeyValueStorage | null, key: string, value: string): boolean {
  try {
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

export function removeItem(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to do: the record stays, and readers treat it as they would anyway.
  }
}

/** Reads a JSON record; anything unreadable counts as absent. */
export function readJson(storage: KeyValueStorage | null, key: string): unknown {
  const raw = readItem(storage, key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return null;
  }
}

/** An in-memory storage, for tests and for code that must work without Web Storage. */
export function memoryStorage(): KeyValueStorage & { snapshot(): Record<string, string> } {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    snapshot: () => Object.fromEntries(items),
  };
}
