// Spec 2.4: "Swipe-close threshold: 10% of size or a gesture within 300 ms."
const SWIPE_CLOSE_SIZE_RATIO = 0.1;
const SWIPE_CLOSE_GESTURE_MS = 300;
/**
 * A quick gesture still has to move a little: without this floor a tap on the sheet's header
 * (which is over within 300 ms) would close it.
 */
const SWIPE_MIN_FLICK_PX = 24;

export type SwipeGesture = {
  /** How far the sheet was dragged towards its closed position, in pixels (negative: the other way). */
  distance: number;
  /** The sheet's size along the drag direction (its height for a bottom sheet), in pixels. */
  size: number;
  /** Time from touching the sheet to letting go, in milliseconds. */
  durationMs: number;
};

/** Whether letting go of a dragged bottom sheet closes it. */
export function swipeCloses({ distance, size, durationMs }: SwipeGesture): boolean {
  if (distance <= 0) return false;
  if (distance >= size * SWIPE_CLOSE_SIZE_RATIO) return true;
  return durationMs <= SWIPE_CLOSE_GESTURE_MS && distance >= SWIPE_MIN_FLICK_PX;
}
