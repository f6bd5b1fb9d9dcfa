import { useSyncExternalStore } from "react";
import type { PendingConfirmation } from "./confirmation-store.ts";

// The confirmations waiting for an answer, as the modal host reads them to know whether it has
// anything to show. Asking and answering (confirmation-store.ts) loads with the code that asks or
// the dialogs that answer; every page carries only this list.

type Listener = () => void;

const EMPTY: readonly PendingConfirmation[] = [];
let pending: readonly PendingConfirmation[] = EMPTY;
const listeners = new Set<Listener>();

/** The confirmations waiting now, oldest first. */
export function pendingConfirmations(): readonly PendingConfirmation[] {
  return pending;
}

/** Replaces the waiting confirmations (confirmation-store.ts calls it as they are asked and answered). */
export function publishConfirmations(next: readonly PendingConfirmation[]): void {
  pending = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const getServerSnapshot = () => EMPTY;

export function useConfirmations(): readonly PendingConfirmation[] {
  return useSyncExternalStore(subscribe, pendingConfirmations, getServerSnapshot);
}
