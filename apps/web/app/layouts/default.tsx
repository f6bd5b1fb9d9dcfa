import { SiteShell } from "#app/components/site-shell.tsx";
import { AlertViewport } from "#app/features/alerts/alert-viewport.tsx";
import { ModalHost } from "#app/features/modals/modal-host.tsx";
import { RouteSkeletonOutlet } from "#app/features/routing/route-skeleton.tsx";

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
