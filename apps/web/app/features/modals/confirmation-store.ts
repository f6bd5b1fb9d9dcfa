import { pendingConfirmations, publishConfirmations } from "./confirmation-list.ts";

/**
 * Confirmation dialogs opened from code ("Delete this limit?"), stacked above whatever modal the
 * address shows. They have no address parameter: they are questions, answered or dismissed on the
 * spot, and any navigation dismisses them. A notice (something the player must see before going on
 * inside the modal below, like a stake refused in a phone's game) is the same layer with one button.
 */
export type ConfirmationOptions = {
  title: string;
  description?: string;
  /** Defaults to the translated "Confirm". */
  confirmLabel?: string;
  /** Defaults to the translated "Cancel". */
  cancelLabel?: string;
  /** `danger` colours the confirm button for destructive actions. */
  tone?: "default" | "danger";
  /** Nothing to confirm: one button, labelled `cancelLabel` (default the translated "Close"), that dismisses it. */
  notice?: boolean;
};

export type PendingConfirmation = ConfirmationOptions & { readonly key: number };

const settlers = new Map<number, (confirmed: boolean) => void>();
let nextKey = 1;

/**
 * Asks the player to confirm; resolves true when they do, false when they cancel, press Escape,
 * click outside or navigate away. On the server (no one to ask) it resolves false at once.
 */
export function requestConfirmation(options: ConfirmationOptions): Promise<boolean> {
  if (typeof document === "undefined") return Promise.resolve(false);
  const key = nextKey++;
  return new Promise<boolean>((resolve) => {
    settlers.set(key, resolve);
    publishConfirmations([...pendingConfirmations(), { ...options, key }]);
  });
}

/** Answers one pending confirmation and closes its dialog. */
export function settleConfirmation(key: number, confirmed: boolean): void {
  const settle = settlers.get(key);
  if (!settle) return;
  settlers.delete(key);
  publishConfirmations(pendingConfirmations().filter((confirmation) => confirmation.key !== key));
  settle(confirmed);
}

/** Cancels every pending confirmation (used when the page changes under them). */
export function dismissAllConfirmations(): void {
  for (const { key } of pendingConfirmations()) settleConfirmation(key, false);
}
