import { useCallback, useMemo } from "react";
import { useLocation, useMatches, useNavigate, type Location } from "react-router";
import { getAuthorizationState, useAuthorizationState } from "./authorization-state.ts";
import { MODALS, type ModalId } from "./modal-registry.ts";
import {
  canOpenModal,
  modalSearch,
  resolveModalParams,
  searchString,
  withoutParams,
  type OpenModal,
} from "./modal-resolution.ts";
import { useSession } from "#app/lib/session.tsx";
import { isModalEntry, modalEntryState } from "./modal-history.ts";

export { isModalEntry, modalEntryState } from "./modal-history.ts";

/** The current route's name (route ids are the spec's route names). */
export function useRouteName(): string | undefined {
  const matches = useMatches();
  return matches.at(-1)?.id;
}

/** The modal the current address opens (null when none, or when it is not allowed). */
export function useCurrentModal(): OpenModal | null {
  const { search } = useLocation();
  const session = useSession();
  const authorizationState = useAuthorizationState();
  const routeName = useRouteName();
  return useMemo(
    () => resolveModalParams(new URLSearchParams(search), { session, authorizationState }, routeName).open,
    [search, session, authorizationState, routeName],
  );
}

// Modals between openModal() and the address showing them: the spec's "cannot be opened again
// while it is already opening" (a double click, or a second call while the page's data reloads).
const opening = new Set<ModalId>();

/** The address (path, search, hash) with every modal parameter removed. */
function addressWithoutModals(location: Pick<Location, "pathname" | "search" | "hash">) {
  return {
    pathname: location.pathname,
    search: searchString(withoutParams(new URLSearchParams(location.search))),
    hash: location.hash,
  };
}

export type UseModal = {
  /**
   * Opens a modal by putting its parameter in the address (removing any other modal's). Returns
   * false, doing nothing, when it is already open or opening, or the visitor may not see it.
   */
  openModal: (id: ModalId, value?: string) => boolean;
  /** Closes the modal the address shows. */
  closeModal: () => void;
  current: OpenModal | null;
};

export function useModal(): UseModal {
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const current = useCurrentModal();

  const openModal = useCallback(
    (id: ModalId, value?: string) => {
      const definition = MODALS[id];
      const target = value ?? definition.values[0];
      if (!definition.values.includes(target)) return false;
      if (opening.has(id) || (current?.id === id && current.value === target)) return false;
      // Read the flow state directly: a caller may have set it a moment ago, before this render.
      if (!canOpenModal(definition, { session, authorizationState: getAuthorizationState() })) return false;
      opening.add(id);
      // Swapping one modal for another replaces its entry; opening over the page adds one.
      const replace = current !== null;
      const state = modalEntryState(location.state, replace ? isModalEntry(location.state) : true);
      const navigation = navigate(
        { pathname: location.pathname, search: modalSearch(id, target, location.search), hash: location.hash },
        { replace, state, preventScrollReset: true },
      );
      void Promise.resolve(navigation).finally(() => opening.delete(id));
      return true;
    },
    [current, location, navigate, session],
  );

  const closeModal = useCallback(() => {
    const next = addressWithoutModals(location);
    if (next.search === location.search) return;
    if (isModalEntry(location.state)) {
      void navigate(-1);
      return;
    }
    void navigate(next, { replace: true, state: location.state, preventScrollReset: true });
  }, [location, navigate]);

  return { openModal, closeModal, current };
}
