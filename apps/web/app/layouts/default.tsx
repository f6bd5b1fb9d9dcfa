import { Outlet } from "react-router";
import { SiteShell } from "#app/components/site-shell.tsx";

/** The default layout: header, drawer, panels, footer and mobile navigation around every page. */
export default function DefaultLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}
