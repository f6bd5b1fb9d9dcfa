import { useEffect, useRef, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { iconButtonClassName } from "#app/components/ui/button.tsx";
import { cx } from "#app/lib/cx.ts";

type HeaderPanelProps = {
  /** Element id of the panel, also used for aria-controls. */
  id: string;
  /** The trigger's accessible name and tooltip. */
  label: string;
  icon: ReactNode;
  /**
   * Visible contents of the trigger instead of the bare icon (the signed-in player's avatar and
   * name); the trigger then becomes a pill and `label` stays its accessible name.
   */
  trigger?: ReactNode;
  /** The panel's contents, rendered from the first opening on; `open` says whether it is shown now. */
  children: (open: boolean) => ReactNode;
  triggerClassName?: string;
  /** Starts loading the contents when the pointer or focus reaches the button, before a click. */
  preload?: () => void;
};

/**
 * A button in the header and the panel it opens (the user and currency panels).
 *
 * The panel is a native popover: it opens and closes without JavaScript (so it works before
 * hydration), sits in the top layer above the sticky header, closes on Escape or a click
 * outside, and the Tab key moves from the button straight into it. React follows its state
 * through the toggle event to set aria-expanded and to tell the contents they are visible.
 */
export function HeaderPanel({ id, label, icon, trigger, children, triggerClassName, preload }: HeaderPanelProps) {
  const [open, setOpen] = useState(false);
  // The closed panel is invisible, so its contents are not rendered on the server nor before the
  // first opening (a good share of every page's markup); once shown they stay.
  const [shown, setShown] = useState(false);
  const panel = useRef<HTMLDivElement>(null);
  // The address the panel was opened at: a navigation already under way when the player opened
  // it (React renders the new location a moment after the address changes) must not close it.
  const openedAt = useRef("");
  const location = useLocation();

  useEffect(() => {
    const element = panel.current;
    if (!element) return;
    const follow = (isOpen: boolean) => {
      if (isOpen) openedAt.current = window.location.pathname + window.location.search;
      setOpen(isOpen);
      if (isOpen) setShown(true);
    };
    const onToggle = (event: Event) => follow((event as ToggleEvent).newState === "open");
    element.addEventListener("toggle", onToggle);
    // Opened before hydration (the popover works without JavaScript): fill it now.
    if (element.matches(":popover-open")) follow(true);
    return () => element.removeEventListener("toggle", onToggle);
  }, []);

  // Following a link in the panel (or anywhere) closes it.
  useEffect(() => {
    const element = panel.current;
    if (element?.matches(":popover-open") && openedAt.current !== location.pathname + location.search) element.hidePopover();
  }, [location.pathname, location.search]);

  return (
    <>
      <button
        type="button"
        popoverTarget={id}
        aria-label={label}
        title={label}
        aria-expanded={open}
        aria-controls={id}
        data-panel-trigger={id}
        onPointerEnter={preload}
        onFocus={preload}
        className={cx(
          trigger === undefined
            ? iconButtonClassName({ variant: "secondary", size: "sm" })
            : "inline-flex h-10 max-w-56 shrink-0 items-center gap-2 rounded-full border border-border-strong bg-surface py-1 ps-1 pe-1 text-fg transition-colors duration-150 hover:border-fg-subtle/50 hover:bg-surface-muted sm:pe-3",
          "tap-height aria-expanded:border-brand aria-expanded:text-brand-fg",
          triggerClassName,
        )}
      >
        {trigger ?? icon}
      </button>
      <div
        ref={panel}
        id={id}
        popover="auto"
        role="dialog"
        aria-label={label}
        className="header-panel rounded-2xl border border-border bg-surface-raised p-0 text-fg shadow-raised"
      >
        {shown ? children(open) : null}
      </div>
    </>
  );
}
