import type { i18n as I18n } from "i18next";

// Keyed by the instance's resource store: react-i18next hands components a fresh wrapper of the
// instance on every render, while the store behind it is the instance's own for good.
const cachesByStore = new WeakMap<object, Map<string, unknown>>();

/**
 * Labels worked out once per i18next instance and language, then reused by every render.
 *
 * Each instance is bound to one language with its catalogues in memory for good (lib/i18n.ts), so
 * what its `t` returns for fixed keys never changes; but a t() call is costly, and the site shell's
 * few dozen labels were a notable share of every server render. Only for text that depends on
 * nothing but the keys: no interpolation of per-render values. `id` names the set (one per caller).
 */
export function translatedOnce<T>(i18n: I18n | undefined, id: string, translate: () => T): T {
  // Without an instance (a test rendering outside the provider) there is nothing to key on.
  if (!i18n) return translate();
  let cache = cachesByStore.get(i18n.store);
  if (!cache) {
    cache = new Map();
    cachesByStore.set(i18n.store, cache);
  }
  const key = `${i18n.language}\u0000${id}`;
  if (cache.has(key)) return cache.get(key) as T;
  const value = translate();
  cache.set(key, value);
  return value;
}
