import type { ComponentType } from "react";
import type { ModalId } from "./modal-registry.ts";

export type ModalContentProps = {
  id: ModalId;
  /** The address parameter's value, e.g. "deposit" for the wallet. */
  value: string;
  /** The modal's translated title, already shown in the dialog's header. */
  title: string;
  close: () => void;
};

/** A modal's content, as its own code-split chunk. */
export type ModalContentLoader = () => Promise<{ default: ComponentType<ModalContentProps> }>;
/** Which content each modal has; a modal without an entry shows the "on its way" placeholder. */
export type ModalContentTable = Partial<Record<ModalId, ModalContentLoader>>;

// The modal system knows no modal's content: the content lives in the features (sign-in in
// accounts, the wallet in wallet, ...), and those features use the modal system, so the table
// would close a circle. The layout that hosts the modals hands it over instead, as a loader, so
// the table stays a chunk of its own until a modal opens or is about to.
let loadTable: () => Promise<ModalContentTable> = async () => ({});
let table: Promise<ModalContentTable> | null = null;

export function provideModalContents(load: () => Promise<ModalContentTable>): void {
  loadTable = load;
  table = null;
}

/** The table, loaded once (a failed load is tried again next time). */
export function loadModalContents(): Promise<ModalContentTable> {
  table ??= loadTable().catch((error: unknown) => {
    table = null;
    throw error;
  });
  return table;
}
