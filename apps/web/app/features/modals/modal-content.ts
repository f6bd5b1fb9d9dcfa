import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { loadModalContents, type ModalContentLoader, type ModalContentProps } from "./modal-content-table.ts";
import { MODAL_IDS, type ModalId } from "./modal-registry.ts";

const loadPlaceholder: ModalContentLoader = () => import("./content/placeholder-content.tsx");

const loaderOf = (id: ModalId): ModalContentLoader => () => loadModalContents().then((table) => (table[id] ?? loadPlaceholder)());

/** The lazily loaded content component of every modal (one each, so React keeps it across renders). */
export const MODAL_CONTENT: Readonly<Record<ModalId, LazyExoticComponent<ComponentType<ModalContentProps>>>> =
  Object.fromEntries(MODAL_IDS.map((id) => [id, lazy(loaderOf(id))])) as Record<
    ModalId,
    LazyExoticComponent<ComponentType<ModalContentProps>>
  >;

export function preloadModalContent(id: ModalId): void {
  void loaderOf(id)();
}
