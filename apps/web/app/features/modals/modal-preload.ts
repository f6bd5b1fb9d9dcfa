import type { ModalId } from "./modal-registry.ts";

/**
 * Starts loading the modal frame and one modal's content, so it opens without a wait. Only the
 * import() calls live here; the code itself stays out of the page's first load.
 */
export function preloadModal(id: ModalId): void {
  void import("./modal-layers.tsx");
  void import("./modal-content.ts").then(({ preloadModalContent }) => preloadModalContent(id));
}
