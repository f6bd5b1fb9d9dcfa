import type { ComponentType, LazyExoticComponent } from "react";
import type { OriginalInterfaceProps } from "#app/features/originals/kit/types.ts";
import { lazyWithQueryClient } from "#app/lib/query-client-scope.tsx";

export type { OriginalInterfaceProps };
type InterfaceLoader = () => Promise<{ default: ComponentType<OriginalInterfaceProps> }>;

/**
 * Our originals' interfaces by game identity, each its own lazy chunk. A game launched with
 * `kind: "original"` mounts its entry here; an original without one shows its info and an
 * "opens soon" state, its play buttons disabled. To add one: build the interface as the default
 * export of a module in features/originals/<game>/ on the kit (features/originals/kit/index.ts
 * says how; an interface imports nothing from features/games, which imports it) and add
 * `"playfair-dice": () => import("#app/features/originals/dice/dice.tsx")` below.
 */
export const ORIGINAL_INTERFACES: Readonly<Record<string, InterfaceLoader>> = {
  "playfair-dice": () => import("#app/features/originals/dice/dice.tsx"),
  "playfair-limbo": () => import("#app/features/originals/limbo/limbo.tsx"),
  "playfair-mines": () => import("#app/features/originals/mines/mines.tsx"),
  "playfair-keno": () => import("#app/features/originals/keno/keno.tsx"),
  "playfair-plinko": () => import("#app/features/originals/plinko/plinko.tsx"),
  "playfair-roulette": () => import("#app/features/originals/roulette/roulette.tsx"),
  "playfair-slot": () => import("#app/features/originals/slot/slot.tsx"),
  "playfair-blackjack": () => import("#app/features/originals/blackjack/blackjack.tsx"),
  "playfair-crash": () => import("#app/features/originals/crash/crash.tsx"),
};

/** The same, as lazy components (made once, not during a render), inside the page's shared query client (the wallet's balance, seeds, recall). */
export const ORIGINAL_COMPONENTS: Readonly<Record<string, LazyExoticComponent<ComponentType<OriginalInterfaceProps>>>> = Object.fromEntries(
  Object.entries(ORIGINAL_INTERFACES).map(([identity, load]) => [identity, lazyWithQueryClient(load)]),
);

export function hasOriginalInterface(identity: string): boolean {
  return Object.hasOwn(ORIGINAL_INTERFACES, identity);
}
