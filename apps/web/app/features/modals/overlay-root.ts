import { useSyncExternalStore } from "react";

/** Names of the containers beside the app that hold overlays (modals, alerts). */
export type OverlayName = "modals" | "alerts";

/**
 * The container at the end of <body> for one kind of overlay, created on first use and kept for
 * the life of the page. Overlays live outside the app's element, so an open modal can make the
 * page inert without silencing alerts; the `data-overlay-root` mark keeps them out of that.
 * Browser only; idempotent, so it is safe to call while rendering.
 */
export function overlayRoot(name: OverlayName): HTMLElement {
  const existing = document.querySelector<HTMLElement>(`[data-overlay-root="${name}"]`);
  if (existing) return existing;
  const element = document.createElement("div");
  element.setAttribute("data-overlay-root", name);
  document.body.append(element);
  return element;
}

const subscribeNever = () => () => {};

/** False during the server render and hydration, true afterwards. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}
