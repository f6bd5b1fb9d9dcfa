/**
 * Marks history entries that openModal() pushed. Closing such a modal goes back one entry instead
 * of adding another, so Back after closing leaves the page rather than reopening the modal.
 */
const MODAL_ENTRY = "playfairModalEntry";

type HistoryState = Record<string, unknown>;

function stateObject(state: unknown): HistoryState {
  return typeof state === "object" && state !== null ? (state as HistoryState) : {};
}

export function isModalEntry(state: unknown): boolean {
  return stateObject(state)[MODAL_ENTRY] === true;
}

/** History state for an entry that shows a modal opened by the app. */
export function modalEntryState(state: unknown, pushedByModal: boolean): HistoryState {
  return { ...stateObject(state), [MODAL_ENTRY]: pushedByModal };
}
