import type { OddsPolicy } from "@playfair/contracts/sport/bets";
import { DEFAULT_ODDS_POLICY, selectionKey, toggleSelection, type Selection, type SlipKind } from "./slip.ts";

/** How the last press of "Place bet" went. */
export type PlacementState =
  | { phase: "idle" }
  | { phase: "placing" }
  | { phase: "pending" }
  | { phase: "accepted" }
  | { phase: "rejected"; reason: string | null }
  | { phase: "failed" };

export type SlipState = {
  selections: Selection[];
  kind: SlipKind;
  stake: string;
  oddsPolicy: OddsPolicy;
  placement: PlacementState;
  /**
   * The selections of the bet being placed or waiting out its live delay (empty otherwise). The
   * slip stays open to changes meanwhile: they make the next bet.
   */
  placing: Selection[];
};

export type SlipStore = {
  get(): SlipState;
  subscribe(listener: () => void): () => void;
  toggle(selection: Selection): void;
  remove(key: (selection: Selection) => boolean): void;
  clear(): void;
  set(change: Partial<Pick<SlipState, "kind" | "stake" | "oddsPolicy" | "placement">>): void;
  /** "Place bet" was pressed: the slip's selections now are the bet's. Answers them. */
  beginPlacement(): Selection[];
  /**
   * The bet is decided. An accepted bet's selections leave the slip, but not one the player chose
   * again while it was pending; whatever else the player added stays for the next bet.
   */
  endPlacement(outcome: PlacementState): void;
  /** A live price or status change reaches the selections already on the slip. */
  refresh(update: (selection: Selection) => Selection): void;
};

const POLICY_STORAGE_KEY = "playfair-sportsbook-odds-policy";

export function storedOddsPolicy(): OddsPolicy {
  try {
    const stored = localStorage.getItem(POLICY_STORAGE_KEY);
    if (stored === "accept_any" || stored === "accept_higher" || stored === "none") return stored;
  } catch {
    // Storage blocked: the default applies.
  }
  return DEFAULT_ODDS_POLICY;
}

export function storeOddsPolicy(policy: OddsPolicy): void {
  try {
    localStorage.setItem(POLICY_STORAGE_KEY, policy);
  } catch {
    // Storage blocked: the choice lasts for this page only.
  }
}

function kindFor(current: SlipKind, count: number): SlipKind {
  if (current.kind === "multiple" && count >= 2) return current;
  if (current.kind === "system" && (current.systemSize ?? 2) < count) return current;
  return { kind: count >= 2 ? "multiple" : "single" };
}

export function createSlipStore(): SlipStore {
  let state: SlipState = { selections: [], kind: { kind: "single" }, stake: "", oddsPolicy: storedOddsPolicy(), placement: { phase: "idle" }, placing: [] };
  const listeners = new Set<() => void>();
  // Selections the player took (again) while a bet was being decided: they belong to the next bet.
  let chosenWhilePlacing = new Set<string>();
  function commit(next: SlipState) {
    state = next;
    for (const listener of [...listeners]) listener();
  }
  function withSelections(selections: Selection[]): SlipState {
    const placement = state.placement.phase === "placing" || state.placement.phase === "pending" ? state.placement : { phase: "idle" as const };
    return { ...state, selections, kind: kindFor(state.kind, selections.length), placement };
  }
  return {
    get: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    toggle(selection) {
      const selections = toggleSelection(state.selections, selection);
      if (state.placing.length > 0 && selections.some((entry) => selectionKey(entry) === selectionKey(selection))) chosenWhilePlacing.add(selectionKey(selection));
      commit(withSelections(selections));
    },
    remove: (matches) => commit(withSelections(state.selections.filter((selection) => !matches(selection)))),
    clear: () => commit({ ...withSelections([]), placement: state.placing.length > 0 ? state.placement : { phase: "idle" } }),
    set: (change) => commit({ ...state, ...change }),
    beginPlacement() {
      chosenWhilePlacing = new Set();
      commit({ ...state, placement: { phase: "placing" }, placing: state.selections });
      return state.placing;
    },
    endPlacement(outcome) {
      const placed = new Set(state.placing.map(selectionKey));
      const chosen = chosenWhilePlacing;
      chosenWhilePlacing = new Set();
      const keep = outcome.phase === "accepted" ? (selection: Selection) => !placed.has(selectionKey(selection)) || chosen.has(selectionKey(selection)) : () => true;
      commit({ ...withSelections(state.selections.filter(keep)), placement: outcome, placing: [] });
    },
    refresh(update) {
      const selections = state.selections.map(update);
      if (selections.every((selection, index) => selection === state.selections[index])) return;
      commit({ ...state, selections });
    },
  };
}
