import type { ReactNode } from "react";
import { Trans, useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import type { ModalId } from "#app/features/modals/modal-registry.ts";
import { cx } from "#app/lib/cx.ts";

/** A short line under the modal title that says what this step is for. */
export function ModalIntro({ children, className }: { children: ReactNode; className?: string }) {
  return <p className={cx("mb-5 text-[0.9375rem] leading-relaxed text-pretty text-fg-muted", className)}>{children}</p>;
}

/** "New here? Create an account": a line that switches to another account modal. */
export function SwitchModalLine({ question, action, modal }: { question: string; action: string; modal: ModalId }) {
  return (
    <p className="mt-5 text-center text-sm text-fg-muted">
      {question}{" "}
      <ModalLink modal={modal} className="font-semibold text-brand-fg underline-offset-2 hover:underline">
        {action}
      </ModalLink>
    </p>
  );
}

/** The agreements label with links to the terms and privacy pages (seeded static content pages). */
export function AgreementsLabel() {
  const { t } = useTranslation("accounts");
  return (
    <Trans
      t={t}
      i18nKey="signUp.agreements"
      components={{
        terms: <LocalizedLink to="/static/terms" target="_blank" rel="noopener" />,
        privacy: <LocalizedLink to="/static/privacy" target="_blank" rel="noopener" />,
      }}
    />
  );
}

/** Round artwork at the top of the informational steps (inbox, code, confirmation). */
export function StepArt({ kind }: { kind: "mail" | "code" | "done" }) {
  return (
    <div className="mx-auto mb-5 grid size-16 place-items-center rounded-full bg-brand-soft text-brand-fg ring-8 ring-brand-soft/50" aria-hidden="true">
      <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        {kind === "mail" ? (
          <>
            <rect x="3" y="5" width="18" height="14" rx="2.5" />
            <path d="M3.5 7l8.5 6 8.5-6" />
          </>
        ) : kind === "code" ? (
          <>
            <rect x="6" y="2.5" width="12" height="19" rx="2.5" />
            <path d="M10 18.5h4M9.5 9.5h.01M12 9.5h.01M14.5 9.5h.01M9.5 12.5h.01M12 12.5h.01M14.5 12.5h.01" />
          </>
        ) : (
          <>
            <circle cx="12" cy="12" r="9" />
            <path d="M8 12.5l2.7 2.7L16 9.8" />
          </>
        )}
      </svg>
    </div>
  );
}
