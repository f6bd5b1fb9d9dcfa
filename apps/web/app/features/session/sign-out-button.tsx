import { useState } from "react";
import { useTranslation } from "react-i18next";
import { cx } from "#app/lib/cx.ts";
import { signOut } from "./session-store.ts";

/** Signs out (session-store signOut): the local session always ends, whatever the server says. */
export function SignOutButton({ className }: { className?: string }) {
  const { t } = useTranslation("site");
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      data-action="sign-out"
      disabled={pending}
      aria-busy={pending}
      onClick={() => {
        setPending(true);
        void signOut().finally(() => setPending(false));
      }}
      className={cx("panel-link w-full text-start text-error hover:bg-error-soft disabled:cursor-progress disabled:opacity-70", className)}
    >
      <SignOutIcon className="size-5" />
      <span className="flex-1 truncate">{pending ? t("session.signingOut") : t("session.signOut")}</span>
    </button>
  );
}

/** A door with an arrow leaving it (mirrored in right-to-left languages). */
function SignOutIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={cx("rtl:-scale-x-100", className)} aria-hidden="true" focusable="false">
      <path d="M14 4h3a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2h-3" />
      <path d="M10 16l-4-4 4-4M6 12h9" />
    </svg>
  );
}
