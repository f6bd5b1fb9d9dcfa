// Messenger (Telegram) mini-app mode, as far as the session is concerned (spec 2.4, 3 "Messenger
// data", 5, 6, 8):
//
// - the mode is on when the site was opened with `?botURL=` (kept in localStorage `botURL` by the
//   entry parameters), or when Telegram handed us init data now or earlier (messenger-mode.ts);
// - the init data (Telegram's signed query string) comes from `window.Telegram.WebApp.initData`
//   when the host page injected Telegram's script, else from the `tgWebAppData` parameter Telegram
//   puts in the address's hash. We never download Telegram's script ourselves;
// - it is kept in localStorage under `initData` (raw) and `initDataUnsafe` (parsed, for display),
//   because a reload inside the webview may arrive without it; a value equal to the literal
//   "query_id" is a placeholder and is replaced by the stored data.
import { readBotUrl } from "#app/features/site-services/entry-address.ts";
import { removeItem, storageArea, writeItem } from "#app/features/site-services/storage.ts";
import { INIT_DATA_KEY, isMessengerMode, liveInitData, readStoredInitData } from "./messenger-mode.ts";

export const INIT_DATA_UNSAFE_KEY = "initDataUnsafe";
const PLACEHOLDER_INIT_DATA = "query_id";

/** Parses Telegram's query string the way its WebApp.initDataUnsafe shows it (user as an object). */
export function parseInitData(initData: string): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(initData)) {
    if (key === "user" || key === "receiver" || key === "chat") {
      try {
        parsed[key] = JSON.parse(value) as unknown;
        continue;
      } catch {
        // Not JSON after all: kept as text below.
      }
    }
    parsed[key] = value;
  }
  return parsed;
}

/**
 * The init data to sign in with: what Telegram gives now (stored for later loads), the stored
 * copy when Telegram gives only the "query_id" placeholder or nothing, else null.
 */
export function currentInitData(): string | null {
  const live = liveInitData();
  if (live !== null && live !== PLACEHOLDER_INIT_DATA) {
    if (live !== readStoredInitData()) {
      const local = storageArea("local");
      writeItem(local, INIT_DATA_KEY, live);
      const unsafe = typeof window !== "undefined" ? window.Telegram?.WebApp?.initDataUnsafe : undefined;
      writeItem(local, INIT_DATA_UNSAFE_KEY, JSON.stringify(unsafe && typeof unsafe === "object" ? unsafe : parseInitData(live)));
    }
    return live;
  }
  return readStoredInitData();
}

/** Spec 8 "Messenger init fails": the stored init data is dropped. */
export function clearInitData(): void {
  const local = storageArea("local");
  removeItem(local, INIT_DATA_KEY);
  removeItem(local, INIT_DATA_UNSAFE_KEY);
}

/** Spec 7: the `source` header: the bot URL in messenger mode, else the site's origin. */
export function requestSource(): string | null {
  if (typeof window === "undefined") return null;
  return readBotUrl() ?? window.location.origin;
}

/** Spec 7: the `platform` header. */
export function requestPlatform(): "web" | "tg" {
  return isMessengerMode() ? "tg" : "web";
}
