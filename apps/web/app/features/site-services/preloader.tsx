import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LogoMark } from "#app/components/ui/logo.tsx";
import {
  isPreloaderFlowFinished,
  PRELOADER_FADE_MS,
  PRELOADER_HIDE_DELAY_MS,
  PRELOADER_REMOVE_MS,
  preloaderWaitsForFlow,
  subscribeToPreloaderFlow,
} from "./preloader-state.ts";

// Two looks, one timing. On most addresses the page under it is complete server HTML, so the
// preloader is a thin bar along the top edge that covers nothing and lets every tap through. On the
// two sign-in flows (automatic sign-in with a state, the social return with code and state) the
// page is only a waiting screen, and the full-page cover stays until the flow ends.
//
// The styles travel with the element in the server HTML, so either shows from the first paint
// whatever CSS loads later. Both are position: fixed (no layout shift when they go), let pointer
// events through and have no text or image (never the page's largest contentful paint). Without
// JavaScript neither is shown (<noscript>), and if the scripts fail before they take it over it
// hides by itself after 8 s. Reduced motion: no spin, no slide, no fade.
const PRELOADER_CSS = `
.site-preloader{position:fixed;z-index:5000;pointer-events:none;opacity:1;transition:opacity ${PRELOADER_FADE_MS}ms ease-out,visibility 0s linear ${PRELOADER_FADE_MS}ms}
.site-preloader:not([data-controlled]){animation:site-preloader-failsafe 0s linear 8s forwards}
.site-preloader[data-state=hiding]{opacity:0;visibility:hidden}
.site-preloader--bar{inset-inline:0;top:0;height:3px;overflow:hidden}
html[dir=rtl] .site-preloader--bar{transform:scaleX(-1)}
.site-preloader__bar{position:absolute;inset-block:0;left:0;width:40%;border-radius:0 9999px 9999px 0;background:var(--color-brand);animation:site-preloader-slide 1.2s ease-in-out infinite}
.site-preloader--cover{inset:0;display:grid;place-items:center;background:var(--color-canvas)}
.site-preloader__mark{position:relative;display:grid;place-items:center;width:5.5rem;height:5.5rem}
.site-preloader__ring{position:absolute;inset:0;border-radius:9999px;border:3px solid color-mix(in oklab,var(--color-brand) 18%,transparent);border-top-color:var(--color-brand);animation:site-preloader-spin .9s linear infinite}
@keyframes site-preloader-slide{from{transform:translateX(-100%)}to{transform:translateX(250%)}}
@keyframes site-preloader-spin{to{transform:rotate(360deg)}}
@keyframes site-preloader-failsafe{to{opacity:0;visibility:hidden}}
@media (prefers-reduced-motion:reduce){.site-preloader{transition:none}.site-preloader__ring{animation:none}.site-preloader__bar{animation:none;width:100%;opacity:.6}}
`;

type PreloaderPhase = "visible" | "hiding" | "removed";

function useFlowFinished(): boolean {
  return useSyncExternalStore(subscribeToPreloaderFlow, isPreloaderFlowFinished, () => false);
}

function subscribeToLoad(callback: () => void): () => void {
  window.addEventListener("load", callback);
  return () => window.removeEventListener("load", callback);
}

/** True once the document's load event has passed; false on the server and during hydration. */
function useDocumentLoaded(): boolean {
  return useSyncExternalStore(subscribeToLoad, () => document.readyState === "complete", () => false);
}

const noSubscription = () => () => {};

/** False in the server render and while hydrating, true from then on. */
function useHydrated(): boolean {
  return useSyncExternalStore(noSubscription, () => true, () => false);
}

/**
 * The preloader of the first load (spec 4): a progress bar along the top, or the full-page cover
 * on the automatic and social sign-in addresses. It is part of the server HTML and goes
 * PRELOADER_HIDE_DELAY_MS after the page has hydrated and loaded, or, on the sign-in addresses,
 * after their flow ends. Client-side navigation never brings it back.
 */
export function Preloader() {
  const { t } = useTranslation();
  const location = useLocation();
  // Decided from the address the page was loaded with; later navigation does not change it.
  const [waitsForFlow] = useState(() => preloaderWaitsForFlow(location.pathname, location.search));
  const flowFinished = useFlowFinished();
  const [phase, setPhase] = useState<PreloaderPhase>("visible");
  const controlled = useHydrated();
  const documentLoaded = useDocumentLoaded();
  const ready = controlled && documentLoaded && (!waitsForFlow || flowFinished);
  useEffect(() => {
    if (!ready) return;
    const hide = window.setTimeout(() => setPhase("hiding"), PRELOADER_HIDE_DELAY_MS);
    const remove = window.setTimeout(() => setPhase("removed"), PRELOADER_HIDE_DELAY_MS + PRELOADER_REMOVE_MS);
    return () => {
      window.clearTimeout(hide);
      window.clearTimeout(remove);
    };
  }, [ready]);

  useEffect(() => {
    // Lets tests and tools wait for the page to be fully uncovered.
    document.documentElement.dataset.preloader = phase;
  }, [phase]);

  if (phase === "removed") return null;
  return (
    <>
      <style dangerouslySetInnerHTML={{ __html: PRELOADER_CSS }} />
      <noscript dangerouslySetInnerHTML={{ __html: "<style>.site-preloader{display:none}</style>" }} />
      {waitsForFlow ? (
        <div
          id="site-preloader"
          className="site-preloader site-preloader--cover"
          data-state={phase}
          data-controlled={controlled ? "" : undefined}
          data-waits-for-flow={flowFinished ? undefined : ""}
          aria-hidden="true"
        >
          <div className="site-preloader__mark">
            <span className="site-preloader__ring" />
            <LogoMark className="size-11" />
          </div>
        </div>
      ) : (
        // Indeterminate (no value): the page cannot tell how far the load has come.
        <div
          id="site-preloader"
          className="site-preloader site-preloader--bar"
          data-state={phase}
          data-controlled={controlled ? "" : undefined}
          role="progressbar"
          aria-label={t("routing.loading")}
          aria-hidden={phase === "hiding" ? true : undefined}
        >
          <span className="site-preloader__bar" />
        </div>
      )}
    </>
  );
}
