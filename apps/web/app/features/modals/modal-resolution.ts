/**
 * Pure rules that turn an address into "which modal is open" (spec 2.4), kept free of React so
 * they are easy to test and cheap to run on every navigation.
 *
 * Decisions the spec leaves open:
 * - A flag modal accepts exactly `true`; any other value (`?sign-in=banana`, `?sign-in=`) counts
 *   as unknown and is removed, like `?wallet=foo`.
 * - When the address names several modals, the first acceptable one (in address order) opens and
 *   the other modal parameters are removed, as if it had just been opened.
 * - On the sport route nothing is removed (the sportsbook widget owns that address), but a modal
 *   still only opens when its value and access are right.
 */
import { DEFAULT_LOCALE } from "@playfair/contracts/constants";
import type { AuthorizationState } from "./authorization-state.ts";
import type { Session } from "#app/lib/session.tsx";
import { modalSearch } from "./modal-address.ts";
import { modalForParam, type ModalDefinition, type ModalId } from "./modal-registry.ts";

export { modalSearch, onlyModalParamsChanged, revalidateUnlessOnlyModalsChanged, searchString, withoutParams } from "./modal-address.ts";

export type ModalAccessContext = {
  session: Session;
  authorizationState: AuthorizationState | null;
};

export type OpenModal = { id: ModalId; value: string };

export type ModalResolution = {
  /** The modal to show, or null. */
  open: OpenModal | null;
  /** Address parameters to drop (history replace): unknown values, missing access, extra modals. */
  removeParams: string[];
};

/** The sportsbook routes, with or without the locale prefix. */
function isSportRoute(routeName: string | undefined): boolean {
  if (!routeName) return false;
  const name = routeName.startsWith("locale-") ? routeName.slice("locale-".length) : routeName;
  return name === "sport" || name === "sport-slug";
}

function acceptsValue(definition: ModalDefinition, value: string): boolean {
  return definition.values.includes(value);
}

/** Whether the visitor may see a modal now: the access list and the modal's state tie. */
export function canOpenModal(definition: ModalDefinition, { session, authorizationState }: ModalAccessContext): boolean {
  if (definition.access === "guest" && session.status !== "guest") return false;
  if (definition.access === "signedIn" && session.status !== "signedIn") return false;
  switch (definition.stateTie) {
    case "profileConfirmed":
      return session.status === "signedIn" && session.profileConfirmed;
    case "authorization":
      return authorizationState !== null;
    default:
      return true;
  }
}

export function resolveModalParams(
  search: URLSearchParams,
  context: ModalAccessContext,
  routeName: string | undefined,
): ModalResolution {
  let open: OpenModal | null = null;
  const removeParams: string[] = [];
  const seen = new Set<string>();
  for (const [param, value] of search) {
    if (seen.has(param)) continue;
    seen.add(param);
    const definition = modalForParam(param);
    if (!definition) continue;
    const acceptable = acceptsValue(definition, value) && canOpenModal(definition, context);
    if (acceptable && open === null) open = { id: definition.id, value };
    else removeParams.push(param);
  }
  return { open, removeParams: isSportRoute(routeName) ? [] : removeParams };
}

/** Where a visitor is sent to sign in (spec 2.4): the home page with `sign-in=true`. */
export function signInRedirectPath(language: string = DEFAULT_LOCALE): string {
  const home = language === DEFAULT_LOCALE ? "/" : `/${language}`;
  return `${home}${modalSearch("sign-in")}`;
}
