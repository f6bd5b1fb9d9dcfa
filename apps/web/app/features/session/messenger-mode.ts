// Whether the site runs as the messenger (Telegram) mini-app: the check every first load makes (the
// session watch, the token's storage), apart from the messenger sign-in in messenger.ts, which
// loads with the session store. The mode is on when the site was opened with `?botURL=` (kept in
// localStorage `botURL` by the entry parameters), or when Telegram handed us init data now or earlier:
// `window.Telegram.WebApp.initData` when the host page injected Telegram's script, else the
// `tgWebAppData` parameter Telegram puts in the address's hash.
import { readBotUrl } from "#app/features/site-services/entry-address.ts";
import { readItem, storageArea } from "#app/features/site-services/storage.ts";

export const INIT_DATA_KEY = "initData";
const MAX_INIT_DATA_LENGTH = 4096;

type TelegramWebApp = { initData?: string; initDataUnsafe?: unknown; platform?: string };

declare global {
  interface Window {
    Telegram?: { WebApp?: TelegramWebApp };
  }
}

function hashInitData(): string | null {
  if (typeof window === "undefined") return null;
  const hash = window.location.hash.replace(/^#/, "");
  if (!hash.includes("tgWebAppData=")) return null;
  return new URLSearchParams(hash).get("tgWebAppData");
}

/** The init data Telegram gives this page load, if any (before the placeholder rule). */
export function liveInitData(): string | null {
  if (typeof window === "undefined") return null;
  const injected = window.Telegram?.WebApp?.initData;
  const value = injected && injected !== "" ? injected : hashInitData();
  if (!value || value.length > MAX_INIT_DATA_LENGTH) return null;
  return value;
}

export function readStoredInitData(): string | null {
  return readItem(storageArea("local"), INIT_DATA_KEY);
}

/** Whether the site runs as the messenger mini-app (always false on the server). */
export function isMessengerMode(): boolean {
  if (typeof window === "undefined") return false;
  return readBotUrl() !== null || liveInitData() !== null || readStoredInitData() !== null;
}
