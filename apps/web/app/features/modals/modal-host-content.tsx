import { lazy, Suspense, useEffect, useMemo } from "react";
import { useLocation, useNavigate } from "react-router";
import { useAuthorizationState } from "./authorization-state.ts";
import { useConfirmations } from "./confirmation-list.ts";
import { dismissAllConfirmations } from "./confirmation-store.ts";
import { loadModalContents } from "./modal-content-table.ts";
import { resolveModalParams, searchString, withoutParams } from "./modal-resolution.ts";
import { useModal, useRouteName } from "./use-modal.ts";
import { useSession } from "#app/lib/session.tsx";

// The dialog frame and every modal's content load on demand: none of it is in the page's first load.
// The table of contents loads alongside the frame, so the content is one step away when it renders.
const ModalLayers = lazy(() => {
  void loadModalContents().catch(() => {});
  return import("./modal-layers.tsx");
});

/**
 * Renders the modal named by the address's query parameters (spec 2.4) and the confirmation
 * dialogs opened from code above it. Cleans the address of modal parameters that cannot open
 * (unknown value, no access, missing state, a second modal), except on the sport route. Loaded
 * by ModalHost (modal-host.tsx) once the page is interactive and there is something to resolve.
 */
export default function ModalHostContent() {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const authorizationState = useAuthorizationState();
  const routeName = useRouteName();
  const confirmations = useConfirmations();
  const { current, closeModal } = useModal();

  const { removeParams } = useMemo(
    () => resolveModalParams(new URLSearchParams(location.search), { session, authorizationState }, routeName),
    [location.search, session, authorizationState, routeName],
  );

  const removeKey = removeParams.join("&");
  useEffect(() => {
    if (!removeKey) return;
    const search = searchString(withoutParams(new URLSearchParams(location.search), removeKey.split("&")));
    void navigate(
      { pathname: location.pathname, search, hash: location.hash },
      { replace: true, state: location.state, preventScrollReset: true },
    );
  }, [removeKey, location, navigate]);

  // Questions asked over a page do not outlive it.
  useEffect(() => dismissAllConfirmations, [location.pathname, location.search]);

  if (current === null && confirmations.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ModalLayers current={current} confirmations={confirmations} onCloseCurrent={closeModal} />
    </Suspense>
  );
}
