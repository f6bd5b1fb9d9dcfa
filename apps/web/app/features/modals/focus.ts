// Keyboard focus helpers for dialogs: what can take focus, and keeping Tab inside one element.

const FOCUSABLE = [
  "a[href]",
  "area[href]",
  "button:not([disabled])",
  "input:not([disabled]):not([type=hidden])",
  "select:not([disabled])",
  "textarea:not([disabled])",
  "iframe",
  "audio[controls]",
  "video[controls]",
  "[contenteditable]:not([contenteditable=false])",
  "[tabindex]",
].join(",");

/** Elements inside `container` that Tab can reach, in document order. */
function tabbableElements(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (element) =>
      element.tabIndex >= 0 &&
      !element.closest("[inert]") &&
      // Hidden elements (display: none, or inside a closed <details>) have no client rects.
      element.getClientRects().length > 0,
  );
}

/**
 * Keeps Tab and Shift+Tab cycling inside `container`. Returns true when it moved focus itself
 * (the caller should then prevent the browser's own move).
 */
export function trapTab(container: HTMLElement, backwards: boolean): boolean {
  const tabbable = tabbableElements(container);
  const first = tabbable[0];
  const last = tabbable.at(-1);
  if (!first || !last) {
    container.focus({ preventScroll: true });
    return true;
  }
  const active = document.activeElement;
  const inside = active instanceof Node && container.contains(active);
  if (backwards && (!inside || active === first || active === container)) {
    last.focus();
    return true;
  }
  if (!backwards && (!inside || active === last)) {
    first.focus();
    return true;
  }
  return false;
}

/**
 * Gives focus back to the element that had it before a dialog opened. Waits a microtask, so the
 * commit that closes the dialog has finished (and lifted `inert` from the page) first.
 */
export function restoreFocus(opener: Element | null): void {
  if (!(opener instanceof HTMLElement) || opener === document.body) return;
  queueMicrotask(() => {
    if (opener.isConnected && !opener.closest("[inert]")) opener.focus({ preventScroll: true });
  });
}
