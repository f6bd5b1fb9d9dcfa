/** Shows the queued alerts (filled in by the alert system). */
export function AlertViewport() {
  return null;
}
