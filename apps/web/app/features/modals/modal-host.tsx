import { lazy, Suspense, useState } from "react";
import { useLocation } from "react-router";
import { useConfirmations } from "./confirmation-list.ts";
import { useHydrated } from "./overlay-root.ts";

// The rules that read modals from the address (modal-resolution.ts, use-modal.ts), the dialog
// frame and every modal's content load on demand: a page whose address has no query string and
// asks no question loads none of it.
const ModalHostContent = lazy(() => import("./modal-host-content.tsx"));

/**
 * Where modals show (spec 2.4): the address's modal (a deep link like `?sign-in=true` opens on the
 * first load as well as after a click) and the confirmation dialogs opened from code. Nothing in
 * the server's HTML: modals open once the page is interactive.
 */
export function ModalHost() {
  const { search } = useLocation();
  const confirmations = useConfirmations();
  const hydrated = useHydrated();
  // Once loaded it stays: closing a modal must still run its cleanup and history rules.
  const [needed, setNeeded] = useState(false);
  const wanted = search !== "" || confirmations.length > 0;
  if (wanted && !needed) setNeeded(true);
  if (!hydrated || !(wanted || needed)) return null;
  return (
    <Suspense fallback={null}>
      <ModalHostContent />
    </Suspense>
  );
}
