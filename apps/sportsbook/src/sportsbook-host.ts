import type {
  PlayfairSportsbookApi,
  SportsbookEventName,
  SportsbookEvents,
  SportsbookWidgetKind,
} from "@playfair/contracts/sport/sportsbook-widget";
import { createWidgetStore, type WidgetStore } from "./widget-store.ts";

/** Mounts one widget into an element; answers how to take it out again. */
export type RenderWidget = (kind: SportsbookWidgetKind, element: HTMLElement, host: SportsbookHost) => () => void;

export type SportsbookHost = {
  store: WidgetStore;
  /** The widget's own navigation: moves the router and tells the site (its `navigate` event). */
  navigateFromWidget(path: string): void;
};

/**
 * The global API (`window.PlayfairSportsbook`): the site starts it once (`init` with the start
 * parameters and the token), then adds widgets into its elements. The router is in memory: the
 * site's address moves it through `navigate`, and it announces its own moves with the `navigate`
 * event so the site can keep its address in step.
 */
export function createSportsbook(render: RenderWidget): PlayfairSportsbookApi<HTMLElement> {
  const store = createWidgetStore();
  const listeners = new Map<SportsbookEventName, Set<(detail: never) => void>>();
  const mounted = new Map<HTMLElement, () => void>();
  let initiated = false;

  function emit<E extends SportsbookEventName>(event: E, detail: SportsbookEvents[E]): void {
    for (const listener of [...(listeners.get(event) ?? [])]) (listener as (value: SportsbookEvents[E]) => void)(detail);
  }

  const host: SportsbookHost = {
    store,
    navigateFromWidget(path) {
      if (store.get().path === path) return;
      store.update({ path });
      emit("navigate", { path });
    },
  };

  return {
    get initiated() {
      return initiated;
    },
    init(parameters, token) {
      store.update({ parameters, token });
      if (initiated) return;
      initiated = true;
      emit("init", undefined);
    },
    setToken(token) {
      store.update({ token });
    },
    setTheme(theme) {
      store.update({ theme });
    },
    setUserData(user) {
      store.update({ user });
    },
    navigate(path) {
      store.update({ path });
    },
    addWidget(kind, element) {
      if (!initiated) throw new Error("The sportsbook adds widgets only after init");
      if (mounted.has(element)) return;
      mounted.set(element, render(kind, element, host));
    },
    removeWidget(element) {
      const unmount = mounted.get(element);
      mounted.delete(element);
      unmount?.();
    },
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (detail: never) => void);
      return () => set.delete(listener as (detail: never) => void);
    },
  };
}
