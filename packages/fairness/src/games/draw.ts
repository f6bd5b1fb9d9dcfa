import type { FloatSource } from "../bytes.ts";
import { pick } from "./params.ts";

/**
 * `count` distinct positions of 0..size-1: each float picks floor(float x remaining) among the
 * positions still free, kept in ascending order (F2, F5: how mines and keno shuffle).
 */
export function pickDistinct(stream: FloatSource, size: number, count: number): number[] {
  const free = Array.from({ length: size }, (_, index) => index);
  const picked: number[] = [];
  for (let taken = 0; taken < count; taken += 1) {
    const [position] = free.splice(pick(stream.next(), free.length), 1);
    picked.push(position as number);
  }
  return picked;
}
