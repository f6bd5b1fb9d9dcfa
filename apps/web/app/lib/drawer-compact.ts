// The drawer's compact (icons-only) mode, remembered in localStorage under `drawerCompact`
// (spec 2.4). The server cannot read localStorage, so DRAWER_COMPACT_INIT_SCRIPT runs inline
// before the drawer is parsed and marks <html data-drawer-compact>; CSS sizes the drawer from
// that attribute, so a reload shows the remembered width at once, with no jump after hydration.
import { useSyncExternalStore } from "react";

export const DRAWER_COMPACT_STORAGE_KEY = "drawerCompact";
export const DRAWER_COMPACT_ATTRIBUTE = "data-drawer-compact";
const CHANGE_EVENT = "playfair-drawer-compact-change";

export const DRAWER_COMPACT_INIT_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(DRAWER_COMPACT_STORAGE_KEY)})==="true")document.documentElement.setAttribute(${JSON.stringify(DRAWER_COMPACT_ATTRIBUTE)},"")}catch(e){}`;

export function readDrawerCompact(): boolean {
  try {
    return localStorage.getItem(DRAWER_COMPACT_STORAGE_KEY) === "true";
  } catch {
    return document.documentElement.hasAttribute(DRAWER_COMPACT_ATTRIBUTE);
  }
}

export function setDrawerCompact(compact: boolean): void {
  try {
    localStorage.setItem(DRAWER_COMPACT_STORAGE_KEY, String(compact));
  } catch {
    // Storage unavailable: the mode still applies until the page is left.
  }
  document.documentElement.toggleAttribute(DRAWER_COMPACT_ATTRIBUTE, compact);
  window.dispatchEvent(new Event(CHANGE_EVENT));
}

function subscribe(onChange: () => void): () => void {
  // Another tab toggled the mode: follow it here too.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== DRAWER_COMPACT_STORAGE_KEY) return;
    document.documentElement.toggleAttribute(DRAWER_COMPACT_ATTRIBUTE, readDrawerCompact());
    onChange();
  };
  window.addEventListener(CHANGE_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CHANGE_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}

/** Whether the drawer is compact; false on the server and during hydration (CSS shows the truth). */
export function useDrawerCompact(): boolean {
  return useSyncExternalStore(subscribe, readDrawerCompact, () => false);
}
