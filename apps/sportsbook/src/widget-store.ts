import type { SportsbookStartParameters, SportsbookTheme, SportsbookUserData } from "@playfair/contracts/sport/sportsbook-widget";
import { SPORT_ROOT_PATH } from "@playfair/contracts/sport/sport-paths";

/** Everything the site tells the widget, and where its in-memory router is. */
export type WidgetState = {
  parameters: SportsbookStartParameters | null;
  token: string;
  theme: SportsbookTheme;
  user: SportsbookUserData | null;
  /** The router's address: a site path under /sport, with its query. */
  path: string;
};

export type WidgetStore = {
  get(): WidgetState;
  update(change: Partial<WidgetState>): void;
  subscribe(listener: () => void): () => void;
};

export function createWidgetStore(initial: Partial<WidgetState> = {}): WidgetStore {
  let state: WidgetState = { parameters: null, token: "", theme: "light", user: null, path: SPORT_ROOT_PATH, ...initial };
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    update(change) {
      const next = { ...state, ...change };
      if ((Object.keys(change) as (keyof WidgetState)[]).every((key) => Object.is(next[key], state[key]))) return;
      state = next;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
