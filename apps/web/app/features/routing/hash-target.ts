// What HashScroll does once an address carries a fragment: loaded then, so a first visit without
// one does not download it.

/** How long a hash target that is not on the page yet is waited for. */
const HASH_TARGET_WAIT_MS = 3_000;

const USER_SCROLL_EVENTS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

function hashTargetId(hash: string): string | null {
  if (hash.length <= 1) return null;
  try {
    return decodeURIComponent(hash.slice(1));
  } catch {
    return null;
  }
}

/** Keyboard users continue from the target, as after a browser's own jump to a fragment. */
function focusTarget(target: HTMLElement) {
  if (target.contains(document.activeElement)) return;
  if (!target.matches("a[href], button, input, select, textarea, [tabindex]")) target.setAttribute("tabindex", "-1");
  target.focus({ preventScroll: true });
}

/**
 * Focuses the fragment's target, or waits up to HASH_TARGET_WAIT_MS for it to appear and then
 * scrolls to it, unless the visitor starts scrolling first. Returns what stops the waiting.
 */
export function followHashTarget(hash: string): () => void {
  const id = hashTargetId(hash);
  if (id === null) return () => {};
  const present = document.getElementById(id);
  if (present) {
    // Already scrolled to by <ScrollRestoration>; only the focus is left.
    focusTarget(present);
    return () => {};
  }

  const observer = new MutationObserver(() => {
    const target = document.getElementById(id);
    if (!target) return;
    stop();
    target.scrollIntoView({ block: "start" });
    focusTarget(target);
  });
  const timer = setTimeout(() => stop(), HASH_TARGET_WAIT_MS);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    for (const event of USER_SCROLL_EVENTS) window.removeEventListener(event, stop);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  for (const event of USER_SCROLL_EVENTS) window.addEventListener(event, stop, { passive: true });
  return stop;
}
