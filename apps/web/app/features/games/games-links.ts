// Addresses the lobby's first screen links to, without the filter parser (games-url.ts) and the
// catalogue schemas it reads: the lobby's first load carries no zod (ADR 010).

/** A game's page (spec 2.2: /game/{identity}). */
export const gamePath = (identity: string) => `/game/${identity}`;
/** The "see all" page of one collection, one provider or one category (the games-url.ts scheme). */
export const collectionPath = (identity: string) => `/games/collection/${identity}`;
export const providerPath = (identity: string) => `/games/provider/${identity}`;
export const categoryPath = (category: string) => `/games/category/${category}`;
