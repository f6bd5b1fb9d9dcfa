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

const FIELDS = ["input:not([disabled]):not([type=hidden])", "select:not([disabled])", "textarea:not([disabled])"].join(",");

/** The first form field inside `container` a player could type into or choose in, or null. */
export function firstField(container: HTMLElement): HTMLElement | null {
  for (const field of container.querySelectorAll<HTMLElement>(FIELDS)) {
    if (field.tabIndex >= 0 && !field.closest("[inert]") && field.getClientRects().length > 0) return field;
  }
  return null;
}

// A phone's on-screen keyboard would cover the bottom sheet the moment it opens: where the main
// pointer is a finger, focus stays on the dialog until the player taps a field (ADR 019).
const COARSE_POINTER_QUERY = "(pointer: coarse)";

/**
 * Moves focus from a dialog that has just opened (or changed its content) to its first field, so
 * typing goes where the player expects. The content may still be loading (a lazy chunk, a form
 * waiting for its settings): the first field to appear takes focus, as long as focus is still on
 * the dialog itself (the player has not moved it). Returns the function that stops waiting.
 */
export function focusFirstFieldWhenReady(dialog: HTMLElement): () => void {
  if (window.matchMedia(COARSE_POINTER_QUERY).matches) return () => {};
  const tryFocus = (): boolean => {
    if (document.activeElement !== dialog) return true;
    const field = firstField(dialog);
    if (!field) return false;
    field.focus({ preventScroll: true });
    return true;
  };
  if (tryFocus()) return () => {};
  const observer = new MutationObserver(() => {
    if (tryFocus()) observer.disconnect();
  });
  observer.observe(dialog, { childList: true, subtree: true, attributes: true, attributeFilter: ["disabled", "hidden", "class", "inert"] });
  return () => observer.disconnect();
}

// Where focus goes when the closing dialog's opener is not the right place: after signing in, the
// "Sign in" button that opened the dialog is gone, and the page behind is what the player came for.
let nextFocusTarget: (() => HTMLElement | null) | null = null;

/** The page's main content (every layout's <main id="main" tabindex="-1">). */
export function mainContent(): HTMLElement | null {
  return document.getElementById("main");
}

/** The next dialog to close gives focus to `target` instead of its opener. */
export function focusOnClose(target: () => HTMLElement | null): void {
  nextFocusTarget = target;
}

/**
 * Gives focus back to the element that had it before a dialog opened, or to the target set by
 * focusOnClose. Waits a microtask, so the commit that closes the dialog has finished (and lifted
 * `inert` from the page) first.
 */
export function restoreFocus(opener: Element | null): void {
  queueMicrotask(() => {
    const override = nextFocusTarget?.() ?? null;
    if (override && override.isConnected && !override.closest("[inert]")) {
      // Every layer that closes in this commit calls here; the last to run must not undo it.
      window.setTimeout(() => {
        nextFocusTarget = null;
      }, 0);
      override.focus({ preventScroll: true });
      return;
    }
    if (!(opener instanceof HTMLElement) || opener === document.body) return;
    if (opener.isConnected && !opener.closest("[inert]")) opener.focus({ preventScroll: true });
  });
}
