import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

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
    // Back/forward restores the saved position instead.
    if (location.hash.length <= 1 || navigationType === "POP") return;
    let cancelled = false;
    let stop: (() => void) | undefined;
    void import("./hash-target.ts").then(({ followHashTarget }) => {
      if (!cancelled) stop = followHashTarget(location.hash);
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [location.key, location.hash, navigationType]);

  return null;
}
