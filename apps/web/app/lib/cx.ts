/** Joins class names, skipping falsy parts: `cx("a", isOn && "b")`. */
export function cx(...parts: Array<string | false | null | undefined>): string {
  // A plain loop: every server render calls this a few hundred times, and filter().join() built
  // two arrays per call.
  let classes = "";
  for (const part of parts) {
    if (!part) continue;
    classes = classes === "" ? part : `${classes} ${part}`;
  }
  return classes;
}
