// Preview mode and messenger mini-app mode, as React hooks. Both are decided in the browser from
// what the entry parameters stored (entry-parameters.ts), so the server render and hydration see
// "off" and the hooks switch on right after, without a hydration mismatch.
import { useSyncExternalStore } from "react";
import { readBotUrl, readPreviewToken } from "./entry-parameters.ts";

const listeners = new Set<() => void>();
let previewRequestedByAddress = false;

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once the entry parameters are stored, so components re-read the modes. */
export function entryModesChanged(previewRequested: boolean): void {
  previewRequestedByAddress = previewRequested;
  for (const listener of listeners) listener();
}

const serverSnapshot = () => null;
const previewSnapshot = () => (previewRequestedByAddress ? (readPreviewToken() ?? "") : readPreviewToken());
const botUrlSnapshot = () => readBotUrl();

export type PreviewMode = { active: boolean; token: string | null };
export type MessengerMode = { active: boolean; botUrl: string | null };

/** Preview mode: entered with `?preview` (with or without a token) or a token stored for this tab. */
export function usePreviewMode(): PreviewMode {
  const token = useSyncExternalStore(subscribe, previewSnapshot, serverSnapshot);
  return { active: token !== null, token: token === "" ? null : token };
}

/** Messenger mini-app mode: entered with `?botURL=` (kept in localStorage under `botURL`). */
export function useMessengerMode(): MessengerMode {
  const botUrl = useSyncExternalStore(subscribe, botUrlSnapshot, serverSnapshot);
  return { active: botUrl !== null, botUrl };
}
