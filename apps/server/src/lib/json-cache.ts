/**
 * Memoises the encoded JSON of a response derived from an immutable source object (a cached
 * snapshot array). Hot reference-data endpoints then skip validation, serialisation and UTF-8
 * encoding on every request (a Buffer is written as is; a string would be measured and encoded
 * each time); a new snapshot is a new object, so stale bytes are dropped with it.
 */
const cache = new WeakMap<object, Map<string, Buffer>>();

export function cachedJson(source: object, variant: string, build: () => unknown): Buffer {
  let variants = cache.get(source);
  if (!variants) {
    variants = new Map();
    cache.set(source, variants);
  }
  let text = variants.get(variant);
  if (text === undefined) {
    text = Buffer.from(JSON.stringify(build()));
    variants.set(variant, text);
  }
  return text;
}
