import { Outlet } from "react-router";

/** The empty layout (spec 2.2): no header or footer, for pages that only pass the visitor on. */
export default function EmptyLayout() {
  return (
    <main id="main" className="flex min-h-dvh flex-col">
      <Outlet />
    </main>
  );
}
