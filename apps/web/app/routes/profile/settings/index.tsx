import type { Route } from "./+types/index";
import { redirectToChild } from "#app/routes/shared/redirect-to-child.ts";

/** `/profile/settings` has no page of its own: it opens the account settings. */
export function loader({ request, params }: Route.LoaderArgs) {
  throw redirectToChild(request, params, "/profile/settings/account");
}
