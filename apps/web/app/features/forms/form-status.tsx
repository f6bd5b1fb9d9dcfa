import { useEffect, useState, type ComponentProps } from "react";
import { Trans, useTranslation } from "react-i18next";
import { useAppFormState, type FormError } from "./app-form.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { cx } from "#app/lib/cx.ts";

/** Seconds left until `until` (ms), ticking down once a second. */
function useCountdown(until: number | null): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [until]);
  return until === null ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

function FormErrorText({ error }: { error: FormError }) {
  const { t } = useTranslation("accounts");
  const [until] = useState(() => (error.kind === "rateLimited" && error.retryAfterSeconds ? Date.now() + error.retryAfterSeconds * 1000 : null));
  const seconds = useCountdown(until);
  switch (error.kind) {
    case "message":
      return <>{error.message}</>;
    case "network":
      return <>{t("formErrors.network")}</>;
    case "rateLimited":
      if (until === null || seconds === 0) return <>{until === null ? t("formErrors.rateLimited") : t("formErrors.rateLimitedOver")}</>;
      return <>{t("formErrors.rateLimitedIn", { time: `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}` })}</>;
    case "blocked":
      return (
        <Trans
          t={t}
          i18nKey={error.reason === "selfExcluded" || error.reason === "coolingOff" ? "formErrors.restricted" : error.reason === "closed" ? "formErrors.closed" : "formErrors.blocked"}
          components={{ support: <LocalizedLink to="/support" className="font-semibold underline underline-offset-2" /> }}
        />
      );
  }
}

/** The form-level error area: problems not about one field (wrong login, too many tries, blocked). */
export function FormErrorArea({ className }: { className?: string }) {
  const { formError } = useAppFormState();
  return (
    <div role="alert" aria-live="assertive" className={cx(formError ? "block" : "contents", className)}>
      {formError ? (
        <div className="flex items-start gap-2.5 rounded-lg border border-error/25 bg-error-soft px-3.5 py-3 text-sm font-medium text-error" data-form-error={formError.kind}>
          <svg viewBox="0 0 20 20" aria-hidden="true" className="mt-px size-[1.125rem] shrink-0" fill="currentColor">
            <path d="M10 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16Zm0 4a1 1 0 0 0-1 1.05l.25 4.2a.75.75 0 0 0 1.5 0l.25-4.2A1 1 0 0 0 10 6Zm0 7.25a1 1 0 1 0 0 2 1 1 0 0 0 0-2Z" />
          </svg>
          <p className="text-pretty">
            <FormErrorText key={JSON.stringify(formError)} error={formError} />
          </p>
        </div>
      ) : null}
    </div>
  );
}

/** The submit button: busy (spinner, disabled) while the form is being sent. */
export function SubmitButton({ children, className, pending, ...props }: Omit<ComponentProps<typeof Button>, "type"> & { pending?: boolean }) {
  const { submitting } = useAppFormState();
  const busy = pending ?? submitting;
  return (
    <Button {...props} type="submit" size="lg" aria-busy={busy || undefined} disabled={busy || props.disabled} className={cx("relative w-full", className)}>
      <span className={cx("inline-flex items-center gap-2 transition-opacity", busy && "opacity-0")}>{children}</span>
      {busy ? (
        <span className="absolute inset-0 grid place-items-center" aria-hidden="true">
          <Spinner />
        </span>
      ) : null}
    </Button>
  );
}

export function Spinner({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" className={cx("size-5 animate-spin motion-reduce:animate-none", className)} fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
