import { data } from "react-router";
import type { Route } from "./+types/not-found-route";
import { NotFoundNotice } from "#app/features/routing/error-page.tsx";

/**
 * Addresses no route matches (spec 2.2). On first load the server answers 404 with the fatal error
 * page (the loader's 404 reaches the root error boundary). After client-side navigation the
 * browser-only loader answers instead: the layout stays and the page area shows the notice.
 */
export function loader(): never {
  throw data(null, { status: 404 });
}

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  return { path: new URL(request.url).pathname };
}

export default function NotFoundRoute({ loaderData }: Route.ComponentProps) {
  return <NotFoundNotice path={loaderData.path} />;
}
