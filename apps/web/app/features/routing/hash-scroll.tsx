import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

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
 * Scroll rules of spec 2.2 that <ScrollRestoration> leaves open. It already scrolls a new page to
 * the top, restores the position on back/forward, and scrolls to a hash target that is on the page
 * when the navigation commits. This adds the target that appears a moment later (content that
 * renders after the page, such as deferred data): it is scrolled to once it exists, unless the
 * visitor starts scrolling first. It also moves keyboard focus there, like a browser's own jump.
 */
export function HashScroll() {
  const location = useLocation();
  const navigationType = useNavigationType();

  useEffect(() => {
    const id = hashTargetId(location.hash);
    // Back/forward restores the saved position instead.
    if (id === null || navigationType === "POP") return;

    const present = document.getElementById(id);
    if (present) {
      // Already scrolled to by <ScrollRestoration>; only the focus is left.
      focusTarget(present);
      return;
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
  }, [location.key, location.hash, navigationType]);

  return null;
}
