// Spec 4 "Sportsbook widget startup": set the start parameters, fetch a token, load the sportsbook
// script if missing, initialise it, mark it initiated and announce its init event; widgets wait for
// that event before they are added. Guests get an empty token; a failed token call is logged and
// leaves the token as it was (spec 8). "Switching active account" and a colour change fetch the
// token again and update the widget's token and theme (spec 4).
import type { SportsbookStartParameters, SportsbookTheme, SportsbookUserData } from "@playfair/contracts/sport/sportsbook-widget";
import type { SportsbookApi } from "./sportsbook-script.ts";

export type SportsbookSetup = {
  parameters: SportsbookStartParameters;
  signedIn: boolean;
  theme: SportsbookTheme;
  user: SportsbookUserData | null;
};

export type SportsbookDependencies = {
  /** The start-game call; answers its `token` field. */
  fetchToken: (parameters: SportsbookStartParameters) => Promise<string>;
  loadScript: () => Promise<SportsbookApi>;
  /** Where the init event is announced (the window). */
  events: EventTarget;
};

const INIT_EVENT = "playfair:sportsbook-init";

type StartupState = {
  parameters: SportsbookStartParameters | null;
  token: string;
  initiated: boolean;
  starting: Promise<SportsbookApi> | null;
  /** Counts the refreshes begun: an older one whose token call ends last must not undo a newer one. */
  refreshes: number;
};
let state: StartupState = { parameters: null, token: "", initiated: false, starting: null, refreshes: 0 };

/** The start parameters last set (the first step of the start-up). */
export function sportsbookParameters(): SportsbookStartParameters | null {
  return state.parameters;
}

export function isSportsbookInitiated(): boolean {
  return state.initiated;
}

/** Forgets the start-up (tests start from a page that never had the widget). */
export function resetSportsbookStartup(): void {
  state = { parameters: null, token: "", initiated: false, starting: null, refreshes: 0 };
}

/** The token for the widget: empty for a guest; on failure the one it has (logged). */
async function tokenFor(setup: SportsbookSetup, fetchToken: SportsbookDependencies["fetchToken"]): Promise<string> {
  if (!setup.signedIn) return "";
  try {
    return await fetchToken(setup.parameters);
  } catch (error) {
    console.error("The sportsbook token could not be fetched; the widget keeps its token", error);
    return state.token;
  }
}

async function start(setup: SportsbookSetup, dependencies: SportsbookDependencies): Promise<SportsbookApi> {
  state.parameters = setup.parameters;
  state.token = await tokenFor(setup, dependencies.fetchToken);
  const api = await dependencies.loadScript();
  api.init(setup.parameters, state.token);
  api.setTheme(setup.theme);
  api.setUserData(setup.user);
  state.initiated = true;
  dependencies.events.dispatchEvent(new Event(INIT_EVENT));
  return api;
}

/**
 * Starts the widget once per page; later calls (the sport page mounted again after a sign-in, a
 * new language) wait for that start and bring the widget up to date: parameters, token, theme and
 * user data, as a refresh does.
 */
export async function startSportsbook(setup: SportsbookSetup, dependencies: SportsbookDependencies): Promise<SportsbookApi> {
  if (!state.starting) {
    const starting = start(setup, dependencies);
    state.starting = starting;
    starting.catch(() => {
      if (state.starting === starting) state.starting = null;
    });
    return starting;
  }
  const api = await state.starting;
  await refreshSportsbook(api, setup, dependencies);
  return api;
}

/** Resolves once the widget is initiated: widgets are added only after it. */
export function whenSportsbookInitiated(events: EventTarget): Promise<void> {
  if (state.initiated) return Promise.resolve();
  return new Promise((resolve) => events.addEventListener(INIT_EVENT, () => resolve(), { once: true }));
}

/** The account changed (or the colour mode, which spec 4 treats as an account change): a new token, theme and user data. */
export async function refreshSportsbook(api: SportsbookApi, setup: SportsbookSetup, dependencies: Pick<SportsbookDependencies, "fetchToken">): Promise<void> {
  const refresh = ++state.refreshes;
  const token = await tokenFor(setup, dependencies.fetchToken);
  if (refresh !== state.refreshes) return;
  state.token = token;
  if (state.parameters !== setup.parameters) {
    state.parameters = setup.parameters;
    api.init(setup.parameters, token);
  }
  api.setToken(token);
  api.setTheme(setup.theme);
  api.setUserData(setup.user);
}
