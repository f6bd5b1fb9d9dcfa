import type { FloatSource } from "../bytes.ts";

/** A float source that hands out the given floats in order, for rule tables and edge cases. */
export function fixedFloats(values: readonly number[]): FloatSource & { readonly used: number } {
  let index = 0;
  return {
    next() {
      const value = values[index];
      if (value === undefined) throw new Error("the outcome read more floats than the test gave it");
      index += 1;
      return value;
    },
    get used() {
      return index;
    },
  };
}

/** The smallest and largest floats the byte stream can produce. */
export const LOWEST_FLOAT = 0;
export const HIGHEST_FLOAT = (2 ** 32 - 1) / 2 ** 32;
