import { MOBILE_BREAKPOINT_PX } from "@playfair/contracts/constants";
import { useEffect, useLayoutEffect, useRef, useState, type PointerEvent, type ReactNode } from "react";
import { focusFirstFieldWhenReady, restoreFocus, trapTab } from "./focus.ts";
import { CloseIcon } from "./modal-icons.tsx";
import { modalZIndex } from "./modal-registry.ts";
import { swipeCloses } from "./swipe-to-close.ts";
import { useMediaQuery } from "./use-media-query.ts";
import { cx } from "#app/lib/cx.ts";

export type ModalDialogProps = {
  /** 0 for the lowest open layer; sets the z-index (spec: base 1000, step 2). */
  layerIndex: number;
  /** Only the top layer answers Escape, keeps focus and can be interacted with. */
  isTop: boolean;
  title: string;
  titleId: string;
  descriptionId?: string;
  closeLabel: string;
  onClose: () => void;
  /** `alertdialog` for questions that need an answer (confirmations). */
  role?: "dialog" | "alertdialog";
  size?: "md" | "sm";
  children: ReactNode;
};

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX}px)`;
const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";
const SHEET_EXIT_MS = 200;

type Drag = { pointerId: number; startY: number; startTime: number; distance: number };

/**
 * One modal layer: a backdrop and a dialog panel, centred on larger screens and a bottom sheet
 * (with swipe-to-close) in the mobile view. Closes on its close button, Escape and a backdrop
 * click; keeps Tab inside while on top; gives focus back to where it was when it goes away.
 */
export function ModalDialog({
  layerIndex,
  isTop,
  title,
  titleId,
  descriptionId,
  closeLabel,
  onClose,
  role = "dialog",
  size = "md",
  children,
}: ModalDialogProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  const dragRef = useRef<Drag | null>(null);
  const onCloseRef = useRef(onClose);
  const isMobile = useMediaQuery(MOBILE_QUERY);

  useLayoutEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  // Read while rendering: by the time effects run, the layer below may already be inert, which
  // takes focus away from the element that opened this one.
  const [opener] = useState(() => document.activeElement);

  // Focus moves into the dialog on open, on to its first field once there is one, and back to the
  // opener (if still there) on close.
  useLayoutEffect(() => {
    const panel = panelRef.current;
    panel?.focus({ preventScroll: true });
    const stopWaiting = panel ? focusFirstFieldWhenReady(panel) : () => {};
    return () => {
      stopWaiting();
      restoreFocus(opener);
    };
  }, [opener]);

  useEffect(() => {
    if (!isTop) return;
    const onKeyDown = (event: KeyboardEvent) => {
      const panel = panelRef.current;
      if (!panel || event.defaultPrevented) return;
      if (event.key === "Escape" && !event.isComposing) {
        event.preventDefault();
        onCloseRef.current();
      } else if (event.key === "Tab" && trapTab(panel, event.shiftKey)) {
        event.preventDefault();
      }
    };
    // Focus that lands outside (a click on the backdrop's page, an alert) is pulled back in.
    const onFocusIn = (event: FocusEvent) => {
      const panel = panelRef.current;
      if (panel && event.target instanceof Node && !panel.contains(event.target) && !isOverlay(event.target)) {
        panel.focus({ preventScroll: true });
      }
    };
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("focusin", onFocusIn);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("focusin", onFocusIn);
    };
  }, [isTop]);

  function setSheetOffset(offset: string, animate: boolean) {
    const panel = panelRef.current;
    if (!panel) return;
    panel.style.transition = animate ? `transform ${SHEET_EXIT_MS}ms var(--ease-snappy)` : "none";
    panel.style.transform = offset;
  }

  function onDragStart(event: PointerEvent<HTMLDivElement>) {
    if (!isMobile || !isTop || !event.isPrimary || event.button !== 0) return;
    // Taps on the close button must stay clicks, not become drags.
    if (event.target instanceof Element && event.target.closest("button, a, input, select, textarea")) return;
    // Event time stamps, not the clock: a busy page may handle the events late.
    dragRef.current = { pointerId: event.pointerId, startY: event.clientY, startTime: event.timeStamp, distance: 0 };
    event.currentTarget.setPointerCapture(event.pointerId);
    setSheetOffset("", false);
  }

  function onDragMove(event: PointerEvent<HTMLDivElement>) {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    drag.distance = event.clientY - drag.startY;
    // The sheet follows the finger downwards only; upwards it stays put.
    setSheetOffset(`translateY(${Math.max(0, drag.distance)}px)`, false);
  }

  function onDragEnd(event: PointerEvent<HTMLDivElement>, cancelled: boolean) {
    const drag = dragRef.current;
    const panel = panelRef.current;
    if (!drag || drag.pointerId !== event.pointerId || !panel) return;
    dragRef.current = null;
    const closes =
      !cancelled &&
      swipeCloses({ distance: drag.distance, size: panel.offsetHeight, durationMs: event.timeStamp - drag.startTime });
    if (!closes) {
      setSheetOffset("", true);
      return;
    }
    if (window.matchMedia(REDUCED_MOTION_QUERY).matches) {
      onCloseRef.current();
      return;
    }
    setSheetOffset("translateY(100%)", true);
    window.setTimeout(() => onCloseRef.current(), SHEET_EXIT_MS);
  }

  const zIndex = modalZIndex(layerIndex);
  return (
    <>
      <div
        aria-hidden="true"
        data-modal-backdrop=""
        inert={!isTop}
        onClick={onClose}
        style={{ zIndex }}
        className="fixed inset-0 bg-ink-950/65 transition-opacity duration-200 starting:opacity-0 motion-reduce:transition-none"
      />
      <div
        inert={!isTop}
        style={{ zIndex: zIndex + 1 }}
        className="pointer-events-none fixed inset-0 flex items-end justify-center xs:items-center xs:p-6"
      >
        <div
          ref={panelRef}
          role={role}
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={descriptionId}
          tabIndex={-1}
          className={cx(
            "pointer-events-auto relative flex max-h-[92dvh] w-full flex-col overflow-hidden rounded-t-2xl border border-b-0 border-border bg-surface text-fg shadow-raised outline-none",
            "pb-[env(safe-area-inset-bottom)] xs:max-h-[min(88dvh,46rem)] xs:rounded-2xl xs:border-b xs:pb-0",
            size === "sm" ? "xs:max-w-sm" : "xs:max-w-md",
            "transition-[translate,scale,opacity] duration-200 ease-snappy motion-reduce:transition-none",
            "starting:translate-y-full xs:starting:translate-y-3 xs:starting:scale-[0.98] xs:starting:opacity-0",
          )}
        >
          <div
            data-modal-drag-area=""
            onPointerDown={onDragStart}
            onPointerMove={onDragMove}
            onPointerUp={(event) => onDragEnd(event, false)}
            onPointerCancel={(event) => onDragEnd(event, true)}
            className="relative flex shrink-0 touch-none items-start gap-3 px-5 pt-6 pb-2 select-none xs:touch-auto xs:px-6 xs:pt-6 xs:select-auto"
          >
            <span aria-hidden="true" className="absolute top-2 left-1/2 h-1.5 w-10 -translate-x-1/2 rounded-full bg-border-strong xs:hidden" />
            <h2 id={titleId} className="min-w-0 flex-1 pt-1.5 font-display text-lg leading-snug font-bold tracking-tight text-balance sm:text-xl">
              {title}
            </h2>
            <button
              type="button"
              onClick={onClose}
              aria-label={closeLabel}
              className="-me-2 -mt-0.5 grid size-11 shrink-0 xs:size-10 place-items-center rounded-full text-fg-muted transition-colors duration-150 hover:bg-surface-muted hover:text-fg"
            >
              <CloseIcon className="size-5" />
            </button>
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-5 pt-2 pb-6 xs:px-6 xs:pb-6">{children}</div>
        </div>
      </div>
    </>
  );
}

/** The alerts live beside the modals and may take focus (their dismiss button) while one is open. */
function isOverlay(node: Node): boolean {
  const element = node instanceof Element ? node : node.parentElement;
  return Boolean(element?.closest("[data-alert-viewport]"));
}
