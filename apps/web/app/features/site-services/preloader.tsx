import { useEffect, useState, useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import { LogoMark } from "#app/components/ui/logo.tsx";
import { PRELOADER_CSS, PRELOADER_NOSCRIPT_CSS } from "#app/lib/preloader-styles.ts";
import {
  isPreloaderFlowFinished,
  PRELOADER_HIDE_DELAY_MS,
  PRELOADER_REMOVE_MS,
  preloaderWaitsForFlow,
  subscribeToPreloaderFlow,
} from "./preloader-state.ts";


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
      {/* Read only by a browser without JavaScript, so only the server's HTML carries it. */}
      <noscript suppressHydrationWarning dangerouslySetInnerHTML={{ __html: import.meta.env.SSR ? `<style>${PRELOADER_NOSCRIPT_CSS}</style>` : "" }} />
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
