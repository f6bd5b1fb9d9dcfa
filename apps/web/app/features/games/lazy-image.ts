import { LAZY_LOAD_MARGIN } from "@playfair/contracts/game/catalogue-constants";
import { useEffect, useRef, useState } from "react";

/**
 * One IntersectionObserver for every tile of the page, with the spec's 400 px margin (spec 9).
 * Native `loading="lazy"` lets the browser pick its own distance, so the art is swapped in here:
 * a tile renders its image without `src`/`srcSet` until it comes within the margin.
 */
let observer: IntersectionObserver | null = null;
const waiting = new Map<Element, () => void>();

function sharedObserver(): IntersectionObserver {
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        waiting.get(entry.target)?.();
        waiting.delete(entry.target);
        observer?.unobserve(entry.target);
      }
    },
    { rootMargin: LAZY_LOAD_MARGIN },
  );
  return observer;
}

/** Whether the element has come within the lazy-load margin of the viewport (once true, stays true). */
export function useNearViewport<T extends Element>() {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (!element || near) return;
    const watcher = sharedObserver();
    waiting.set(element, () => setNear(true));
    watcher.observe(element);
    return () => {
      waiting.delete(element);
      watcher.unobserve(element);
    };
  }, [near]);
  return [ref, near] as const;
}
