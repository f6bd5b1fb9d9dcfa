import { ALERT_DURATION_MS, ALERT_MIN_INTERVAL_MS, ALERT_WITH_DESCRIPTION_DURATION_MS } from "@playfair/contracts/constants";
import { publishVisibleAlerts } from "./alert-board.ts";

/**
 * Short notices ("Saved", "Deposit received") shown over the page (spec 9): each stays 3000 ms, or
 * 5000 ms when it has a description; two never appear less than 400 ms apart (later ones wait in
 * a queue); a duplicate of one queued or showing can be suppressed.
 */
export type AlertKind = "success" | "attention" | "error";

/** Already translated label; `href` is a site path (localized by the caller). */
export type AlertAction = { label: string; href: string };

export type AlertInput = {
  kind: AlertKind;
  /** Already translated. */
  title: string;
  description?: string;
  /** A link under the text, e.g. to support (spec 8: the blocked-account message links to support). */
  action?: AlertAction;
  /** Another alert with this key is dropped while one is queued or showing. */
  dedupeKey?: string;
  /** Also drop this alert while one of the same kind and title is queued or showing. */
  suppressDuplicates?: boolean;
};

export type Alert = {
  readonly id: number;
  readonly kind: AlertKind;
  readonly title: string;
  readonly description?: string;
  readonly action?: AlertAction;
  readonly dedupeKey?: string;
  /** How long it stays once shown. */
  readonly durationMs: number;
};

export type AlertStore = {
  /** Queues an alert; returns its id, or null when it was suppressed as a duplicate. */
  show(input: AlertInput): number | null;
  /** Removes an alert, showing or still queued. */
  dismiss(id: number): void;
  /** The alerts on screen, oldest first. */
  getVisible(): readonly Alert[];
  subscribe(listener: () => void): () => void;
};

function alertDuration(input: Pick<AlertInput, "description">): number {
  return input.description ? ALERT_WITH_DESCRIPTION_DURATION_MS : ALERT_DURATION_MS;
}

function isDuplicate(existing: Alert, input: AlertInput): boolean {
  if (input.dedupeKey !== undefined && existing.dedupeKey === input.dedupeKey) return true;
  return input.suppressDuplicates === true && existing.kind === input.kind && existing.title === input.title;
}

/** A store with its own queue and timers (one per page in the browser; one per test). */
export function createAlertStore(): AlertStore {
  let visible: readonly Alert[] = [];
  let queued: Alert[] = [];
  let lastShownAt: number | null = null;
  let queueTimer: ReturnType<typeof setTimeout> | null = null;
  const hideTimers = new Map<number, ReturnType<typeof setTimeout>>();
  const listeners = new Set<() => void>();
  let nextId = 1;

  const emit = () => {
    for (const listener of listeners) listener();
  };

  function reveal(alert: Alert) {
    lastShownAt = performance.now();
    visible = [...visible, alert];
    hideTimers.set(
      alert.id,
      setTimeout(() => dismiss(alert.id), alert.durationMs),
    );
    emit();
  }

  // Shows the next queued alert as soon as the minimum interval since the last one allows.
  function pump() {
    if (queueTimer !== null) return;
    const next = queued[0];
    if (!next) return;
    const wait = lastShownAt === null ? 0 : lastShownAt + ALERT_MIN_INTERVAL_MS - performance.now();
    if (wait > 0) {
      queueTimer = setTimeout(() => {
        queueTimer = null;
        pump();
      }, wait);
      return;
    }
    queued = queued.slice(1);
    reveal(next);
    pump();
  }

  function show(input: AlertInput): number | null {
    if ([...visible, ...queued].some((existing) => isDuplicate(existing, input))) return null;
    const alert: Alert = {
      id: nextId++,
      kind: input.kind,
      title: input.title,
      ...(input.description ? { description: input.description } : {}),
      ...(input.action ? { action: input.action } : {}),
      ...(input.dedupeKey !== undefined ? { dedupeKey: input.dedupeKey } : {}),
      durationMs: alertDuration(input),
    };
    queued.push(alert);
    pump();
    return alert.id;
  }

  function dismiss(id: number) {
    const timer = hideTimers.get(id);
    if (timer !== undefined) {
      clearTimeout(timer);
      hideTimers.delete(id);
    }
    if (visible.some((alert) => alert.id === id)) {
      visible = visible.filter((alert) => alert.id !== id);
      emit();
    } else {
      queued = queued.filter((alert) => alert.id !== id);
    }
  }

  return {
    show,
    dismiss,
    getVisible: () => visible,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// The page's alerts. Only the browser uses it: a server-side call would share it between requests.
// The live region (alert-viewport.tsx) shows what the board publishes.
const pageAlerts = createAlertStore();
pageAlerts.subscribe(() => publishVisibleAlerts(pageAlerts.getVisible()));

/** Shows an alert (see AlertInput); returns its id, or null when suppressed or on the server. */
export function showAlert(input: AlertInput): number | null {
  if (typeof window === "undefined") return null;
  return pageAlerts.show(input);
}

/** Removes an alert, showing or still queued (the card's dismiss button). */
export function dismissAlert(id: number): void {
  pageAlerts.dismiss(id);
}
