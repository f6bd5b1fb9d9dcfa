// Link prefetch is skipped on slow connections (spec 9): a 2g link or the data saver means the
// visitor pays for every byte and waits for every request, so only what they ask for is loaded.

/** The Network Information API, where the browser has it (Chromium). */
type NetworkInformationLike = { effectiveType?: string; saveData?: boolean };

const SLOW_CONNECTION_TYPES = new Set(["slow-2g", "2g"]);

/** Whether a connection allows speculative loading; without the API we assume it does. */
export function connectionAllowsPrefetch(connection: NetworkInformationLike | undefined | null): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return !SLOW_CONNECTION_TYPES.has(connection.effectiveType ?? "");
}

/** False on 2g/slow-2g or with data saver on; true otherwise (and on the server). */
export function canPrefetch(): boolean {
  if (typeof navigator === "undefined") return true;
  return connectionAllowsPrefetch((navigator as Navigator & { connection?: NetworkInformationLike }).connection);
}
