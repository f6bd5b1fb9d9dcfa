import { SiteShell } from "#app/features/navigation/site-shell.tsx";
import { AlertViewport } from "#app/features/alerts/alert-viewport.tsx";
import { provideModalContents } from "#app/features/modals/modal-content-table.ts";
import { ModalHost } from "#app/features/modals/modal-host.tsx";
import { RouteSkeletonOutlet } from "#app/features/routing/route-skeleton.tsx";

// The modals' content is a chunk of its own, loaded when a modal opens or is about to.
provideModalContents(() => import("./modal-contents.ts").then((module) => module.MODAL_CONTENTS));

/**
 * The default layout (spec 2.2): the site shell around the page (shown through the route
 * skeletons while another page loads), with modals and alerts above it.
 */
export default function DefaultLayout() {
  return (
    <>
      <SiteShell>
        <RouteSkeletonOutlet />
      </SiteShell>
      <ModalHost />
      <AlertViewport />
    </>
  );
}
