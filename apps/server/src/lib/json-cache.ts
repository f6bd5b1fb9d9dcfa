/**
 * Memoises the JSON text of a response derived from an immutable source object (a cached
 * snapshot array). Hot reference-data endpoints then skip validation and serialisation on
 * every request; a new snapshot is a new object, so stale text is dropped with it.
 */
const cache = new WeakMap<object, Map<string, string>>();

export function cachedJson(source: object, variant: string, build: () => unknown): string {
  let variants = cache.get(source);
  if (!variants) {
    variants = new Map();
    cache.set(source, variants);
  }
  let text = variants.get(variant);
  if (text === undefined) {
    text = JSON.stringify(build());
    variants.set(variant, text);
  }
  return text;
}
