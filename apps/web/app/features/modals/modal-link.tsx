import type { ComponentProps } from "react";
import { Link, useLocation } from "react-router";
import { preloadModal } from "./modal-preload.ts";
import type { ModalId } from "./modal-registry.ts";
import { modalSearch, namesModal } from "./modal-address.ts";
import { isModalEntry, modalEntryState } from "./modal-history.ts";

type ModalLinkProps = Omit<ComponentProps<typeof Link>, "to" | "state" | "replace"> & { modal: ModalId; value?: string };

/**
 * A real link (it works before hydration and can open in a new tab) that opens a modal over the
 * current page, with the same history behaviour as openModal(). Hovering or focusing it starts
 * loading the modal's code.
 */
export function ModalLink({ modal, value, onPointerEnter, onFocus, ...props }: ModalLinkProps) {
  const location = useLocation();
  // Swapping one modal for another replaces its entry; opening over the page adds one. (A modal
  // parameter the page is about to drop counts as a modal too: it is gone before a click.)
  const replace = namesModal(location.search);
  return (
    <Link
      to={{ pathname: location.pathname, search: modalSearch(modal, value, location.search), hash: location.hash }}
      state={modalEntryState(location.state, replace ? isModalEntry(location.state) : true)}
      replace={replace}
      preventScrollReset
      onPointerEnter={(event) => {
        preloadModal(modal);
        onPointerEnter?.(event);
      }}
      onFocus={(event) => {
        preloadModal(modal);
        onFocus?.(event);
      }}
      {...props}
    />
  );
}
