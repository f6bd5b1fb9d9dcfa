import { Suspense, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { focusFirstFieldWhenReady, restoreFocus } from "./focus.ts";
import { settleConfirmation, type PendingConfirmation } from "./confirmation-store.ts";
import { MODAL_CONTENT } from "./modal-content.ts";
import { ModalDialog } from "./modal-dialog.tsx";
import type { OpenModal } from "./modal-resolution.ts";
import { overlayRoot } from "./overlay-root.ts";
import { modalTitleKey } from "./modal-titles.ts";
import { Button } from "#app/components/ui/button.tsx";
import { cx } from "#app/lib/cx.ts";

type ModalLayersProps = {
  current: OpenModal | null;
  confirmations: readonly PendingConfirmation[];
  onCloseCurrent: () => void;
};

/**
 * Every open layer, lowest first: the modal the address names, then confirmations asked from
 * code. Loaded on demand by ModalHost; while mounted the page behind is inert and does not scroll.
 */
export default function ModalLayers({ current, confirmations, onCloseCurrent }: ModalLayersProps) {
  // Read while rendering, before the page behind turns inert (which takes focus away from it).
  const [opener] = useState(() => document.activeElement);
  usePageBehindLocked(opener);
  const base = current ? 1 : 0;
  return createPortal(
    <>
      {current && (
        <AddressModal open={current} layerIndex={0} isTop={confirmations.length === 0} onClose={onCloseCurrent} />
      )}
      {confirmations.map((confirmation, index) => (
        <ConfirmationDialog
          key={confirmation.key}
          confirmation={confirmation}
          layerIndex={base + index}
          isTop={index === confirmations.length - 1}
        />
      ))}
    </>,
    overlayRoot("modals"),
  );
}

function AddressModal({ open, layerIndex, isTop, onClose }: { open: OpenModal; layerIndex: number; isTop: boolean; onClose: () => void }) {
  const { t } = useTranslation("modals");
  const titleId = useId();
  const title = t(`titles.${modalTitleKey(open)}`);
  const Content = MODAL_CONTENT[open.id];
  const panelContentRef = useRef<HTMLDivElement>(null);
  const previousId = useRef(open.id);

  // Swapping one modal for another keeps the frame; focus follows to the new content's first field.
  useEffect(() => {
    if (previousId.current === open.id) return;
    previousId.current = open.id;
    const panel = panelContentRef.current?.closest<HTMLElement>("[aria-modal]");
    if (!panel) return;
    // The link that swapped the content went away with the old content.
    if (!panel.contains(document.activeElement)) panel.focus({ preventScroll: true });
    return focusFirstFieldWhenReady(panel);
  }, [open.id]);

  return (
    <ModalDialog layerIndex={layerIndex} isTop={isTop} title={title} titleId={titleId} closeLabel={t("dialog.close")} onClose={onClose}>
      <div ref={panelContentRef} data-modal-id={open.id}>
        <Suspense fallback={<ContentLoading label={t("dialog.loading")} />}>
          <Content key={open.id} id={open.id} value={open.value} title={title} close={onClose} />
        </Suspense>
      </div>
    </ModalDialog>
  );
}

function ContentLoading({ label }: { label: string }) {
  return (
    <div className="grid min-h-40 place-items-center" role="status">
      <span className="size-7 animate-spin rounded-full border-[3px] border-border-strong border-t-brand motion-reduce:animate-none" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </div>
  );
}

function ConfirmationDialog({
  confirmation,
  layerIndex,
  isTop,
}: {
  confirmation: PendingConfirmation;
  layerIndex: number;
  isTop: boolean;
}) {
  const { t } = useTranslation("modals");
  const titleId = useId();
  const descriptionId = useId();
  const { key, title, description, confirmLabel, cancelLabel, tone = "default", notice = false } = confirmation;
  return (
    <ModalDialog
      layerIndex={layerIndex}
      isTop={isTop}
      role="alertdialog"
      size="sm"
      title={title}
      titleId={titleId}
      descriptionId={description ? descriptionId : undefined}
      closeLabel={t("dialog.close")}
      onClose={() => settleConfirmation(key, false)}
    >
      {description && (
        <p id={descriptionId} className="text-[0.9375rem] leading-relaxed text-pretty text-fg-muted">
          {description}
        </p>
      )}
      <div className={cx("flex flex-col-reverse gap-2 xs:flex-row xs:justify-end", description && "mt-6")}>
        <Button variant={notice ? "primary" : "secondary"} onClick={() => settleConfirmation(key, false)}>
          {cancelLabel ?? (notice ? t("dialog.close") : t("confirmation.cancel"))}
        </Button>
        {!notice && (
          <Button
            onClick={() => settleConfirmation(key, true)}
            className={cx(tone === "danger" && "bg-error text-white shadow-none hover:bg-error hover:opacity-90 dark:text-ink-950")}
          >
            {confirmLabel ?? t("confirmation.confirm")}
          </Button>
        )}
      </div>
    </ModalDialog>
  );
}

/** Makes everything behind the modals inert (no focus, no clicks, hidden from screen readers) and unscrollable. */
function usePageBehindLocked(opener: Element | null) {
  useLayoutEffect(() => {
    const html = document.documentElement;
    const { overflow, scrollbarGutter } = html.style;
    // Keep the scrollbar's room, so the page does not shift sideways when it disappears.
    if (window.innerWidth > html.clientWidth) html.style.scrollbarGutter = "stable";
    html.style.overflow = "hidden";
    const madeInert = [...document.body.children].filter(
      (element) => !element.hasAttribute("data-overlay-root") && !element.hasAttribute("inert") && element.tagName !== "SCRIPT",
    );
    for (const element of madeInert) element.setAttribute("inert", "");
    return () => {
      html.style.overflow = overflow;
      html.style.scrollbarGutter = scrollbarGutter;
      for (const element of madeInert) element.removeAttribute("inert");
      restoreFocus(opener);
    };
  }, [opener]);
}
