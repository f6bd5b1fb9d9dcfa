import { useEffect, useRef } from "react";

const TEXT_INPUT_TYPES = new Set(["text", "search", "email", "number", "password", "tel", "url", "date", "time", "datetime-local", "month", "week"]);
/** Elements that act on Space or Enter themselves: the shortcut must not act twice. */
const OWN_KEY_ROLES = new Set(["button", "link", "tab", "checkbox", "radio", "switch", "menuitem", "option", "combobox", "textbox", "spinbutton", "gridcell"]);

/** True when Space or Enter pressed on this element belongs to it (typing, a button's click), not to the game. */
export function keyBelongsToElement(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest("[role=dialog], dialog")) return true;
  const tag = target.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT" || tag === "BUTTON" || tag === "SUMMARY") return true;
  if (tag === "A" && target.hasAttribute("href")) return true;
  if (tag === "INPUT") {
    const type = (target as HTMLInputElement).type;
    return TEXT_INPUT_TYPES.has(type) || type === "checkbox" || type === "radio" || type === "submit" || type === "button";
  }
  const role = target.getAttribute("role");
  return role !== null && OWN_KEY_ROLES.has(role);
}

/**
 * Space or Enter anywhere on the page plays (places the bet) unless the key belongs to the focused
 * element: a text field, a button, a link, a tab. A held key plays once.
 */
export function usePlayShortcut(onPlay: () => void, enabled: boolean): void {
  const latest = useRef(onPlay);
  useEffect(() => {
    latest.current = onPlay;
  }, [onPlay]);
  useEffect(() => {
    if (!enabled) return;
    function onKeyDown(event: KeyboardEvent) {
      if (event.key !== " " && event.key !== "Enter") return;
      if (event.repeat || event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (keyBelongsToElement(event.target)) return;
      event.preventDefault();
      latest.current();
    }
    document.addEventListener("keydown", onKeyDown);
    return () => document.removeEventListener("keydown", onKeyDown);
  }, [enabled]);
}
