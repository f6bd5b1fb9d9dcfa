import { lazy, Suspense } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useVisibleAlerts } from "./alert-board.ts";
import { overlayRoot, useHydrated } from "#app/features/modals/overlay-root.ts";

// The cards (their styles and icons) load with the first alert; the live region below is on every
// page from the start, so a screen reader already knows it when the first card is put in.
const AlertCards = lazy(() => import("./alert-cards.tsx"));

/**
 * Shows the queued alerts (see alert-store.ts) in a polite live region above everything else, always
 * below the header (4rem tall) so its controls stay reachable,
 * modals included. It lives in its own container at the end of <body> (see overlayRoot), so a modal
 * making the page inert does not silence or hide it.
 */
export function AlertViewport() {
  const { t } = useTranslation("alerts");
  const alerts = useVisibleAlerts();
  // The server has no alerts to show; the region appears once the page is interactive.
  if (!useHydrated()) return null;
  return createPortal(
    <section aria-label={t("region")} data-alert-viewport="">
      <div
        role="status"
        aria-live="polite"
        className="pointer-events-none fixed inset-x-3 top-[4.5rem] z-[1500] flex flex-col items-center gap-2 xs:inset-x-auto xs:end-4 xs:top-20 xs:w-[24rem] xs:items-stretch"
      >
        {alerts.length > 0 && (
          <Suspense fallback={null}>
            <AlertCards alerts={alerts} />
          </Suspense>
        )}
      </div>
    </section>,
    overlayRoot("alerts"),
  );
}
