/** Runs `task` once the page has loaded and the main thread is idle (or 3 s later at most). */
export function whenPageIsIdle(task: () => void): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const schedule = () => {
    if (cancelled) return;
    // Safari has no requestIdleCallback: a short timeout after load does the same job there.
    idleHandle = typeof window.requestIdleCallback === "function" ? window.requestIdleCallback(run, { timeout: 3_000 }) : window.setTimeout(run, 200);
  };
  if (document.readyState === "complete") schedule();
  else window.addEventListener("load", schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener("load", schedule);
    if (idleHandle !== undefined) {
      if (typeof window.cancelIdleCallback === "function") window.cancelIdleCallback(idleHandle);
      window.clearTimeout(idleHandle);
    }
  };
}
