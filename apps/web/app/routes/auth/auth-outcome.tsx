import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { Card } from "#app/components/ui/surface.tsx";
import { isSignedIn, useSession } from "#app/lib/session.tsx";
import type { SignInFlowOutcome } from "./sign-in-flows.ts";

type AuthOutcomeProps = {
  status: "working" | "done";
  title: ReactNode;
  description: ReactNode;
  /** Offer the sign-in window (the flow can be replaced by signing in another way). */
  signInAction?: boolean;
  /** Lead to support first (spec 8: a blocked account's message links to support). */
  supportAction?: boolean;
  /** Offer to run the flow again (it failed for want of an answer). */
  onRetry?: () => void;
  /** Machine-readable outcome for tests and analytics (data-auth-result). */
  result?: string;
  /** The picture of a finished flow: a key with a broken link (the default), or a check mark for work done. */
  art?: "link" | "success";
};

/**
 * The card the sign-in, confirmation and reset addresses show: either "working" (a flow is
 * running) or the outcome with the ways on (support, try again, sign in, homepage). Announced
 * to screen readers.
 */
export function AuthOutcome({ status, title, description, signInAction = false, supportAction = false, onRetry, result, art = "link" }: AuthOutcomeProps) {
  const { t } = useTranslation("site");
  // The sign-in window is for guests only (a signed-in player's ?sign-in=true is dropped).
  const session = useSession();
  const offerSignIn = signInAction && !isSignedIn(session);
  const primaryTaken = supportAction || onRetry !== undefined || offerSignIn;
  return (
    <Container className="flex justify-center py-12 sm:py-20">
      <Card className="flex w-full max-w-lg flex-col items-center text-center" data-auth-outcome={status} data-auth-result={result}>
        <div className="mb-5 size-20 text-brand" aria-hidden="true" data-auth-art={status === "working" ? "working" : supportAction ? "lock" : art}>
          {status === "working" ? <WorkingArt /> : supportAction ? <LockArt /> : art === "success" ? <SuccessArt /> : <LinkArt />}
        </div>
        <div role="status" aria-live="polite" aria-busy={status === "working"}>
          <h1 className="font-display text-2xl font-bold tracking-tight text-balance">{title}</h1>
          <p className="mx-auto mt-3 max-w-md text-pretty text-fg-muted">{description}</p>
        </div>
        {status === "done" ? (
          <div className="mt-7 flex flex-wrap items-center justify-center gap-3">
            {supportAction ? (
              <LocalizedLink to="/support" className={buttonClassName({ variant: "primary" })} data-action="contact-support">
                {t("auth.contactSupport")}
              </LocalizedLink>
            ) : null}
            {onRetry && !supportAction ? (
              <button type="button" onClick={onRetry} className={buttonClassName({ variant: "primary" })} data-action="retry">
                {t("auth.tryAgain")}
              </button>
            ) : null}
            {offerSignIn && !supportAction ? (
              <LocalizedLink to="/?sign-in=true" className={buttonClassName({ variant: onRetry ? "secondary" : "primary" })}>
                {t("auth.signIn")}
              </LocalizedLink>
            ) : null}
            <LocalizedLink to="/" className={buttonClassName({ variant: primaryTaken ? "secondary" : "primary" })}>
              {t("auth.home")}
            </LocalizedLink>
          </div>
        ) : null}
      </Card>
    </Container>
  );
}

/** A key in a ring that turns while the flow runs (the ring stands still under reduced motion). */
function WorkingArt() {
  return (
    <svg viewBox="0 0 80 80" className="size-full" focusable="false">
      <circle cx="40" cy="40" r="34" fill="var(--color-brand-soft)" />
      <circle cx="40" cy="40" r="34" fill="none" stroke="currentColor" strokeOpacity="0.2" strokeWidth="4" />
      <path d="M40 6a34 34 0 0 1 34 34" fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" className="origin-center animate-spin motion-reduce:animate-none" />
      <KeyShape />
    </svg>
  );
}

/** A key beside a broken link: the address could not be used. */
function LinkArt() {
  return (
    <svg viewBox="0 0 80 80" className="size-full" focusable="false">
      <circle cx="40" cy="40" r="34" fill="var(--color-surface-muted)" stroke="var(--color-border-strong)" strokeWidth="2" />
      <KeyShape />
      <circle cx="58" cy="58" r="11" fill="var(--color-gold-400)" />
      <path d="M54 54l8 8M62 54l-8 8" stroke="var(--color-ink-900)" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}

/** A check mark in a ring: the flow did what it was for. */
function SuccessArt() {
  return (
    <svg viewBox="0 0 80 80" className="size-full text-success" focusable="false">
      <circle cx="40" cy="40" r="34" fill="var(--color-success-soft)" stroke="currentColor" strokeOpacity="0.35" strokeWidth="2" />
      <path d="M26 41l9 9 19-20" fill="none" stroke="currentColor" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** A padlock: the account may not sign in. */
function LockArt() {
  return (
    <svg viewBox="0 0 80 80" className="size-full" focusable="false">
      <circle cx="40" cy="40" r="34" fill="var(--color-surface-muted)" stroke="var(--color-border-strong)" strokeWidth="2" />
      <g fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
        <rect x="26" y="36" width="28" height="22" rx="5" />
        <path d="M31 36v-6a9 9 0 0 1 18 0v6" />
      </g>
      <circle cx="40" cy="47" r="3" fill="currentColor" />
    </svg>
  );
}

function KeyShape() {
  return (
    <g fill="none" stroke="currentColor" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round">
      <circle cx="32" cy="36" r="8" />
      <path d="M38 42l14 14M46 50l4-4M50 54l4-4" />
    </g>
  );
}

/**
 * A sign-in flow that did not sign the visitor in, explained: blocked (with the support link),
 * refused (expired or used), too many attempts, no answer (try again), or an incomplete address.
 */
export function SignInFailure({
  outcome,
  title,
  incomplete,
  invalid,
  onRetry,
}: {
  outcome: Exclude<SignInFlowOutcome, { status: "signedIn" }>;
  title: ReactNode;
  incomplete: ReactNode;
  invalid: ReactNode;
  onRetry: () => void;
}) {
  const { t } = useTranslation("site");
  switch (outcome.status) {
    case "blocked":
      return <AuthOutcome status="done" result="blocked" title={t("auth.blocked.title")} description={t(`auth.blocked.reasons.${outcome.reason}`)} supportAction />;
    case "rateLimited":
      return <AuthOutcome status="done" result="rateLimited" title={title} description={t("auth.rateLimited")} signInAction />;
    case "unavailable":
      return <AuthOutcome status="done" result="unavailable" title={title} description={t("auth.noAnswer")} onRetry={onRetry} signInAction />;
    case "invalid":
      return <AuthOutcome status="done" result="invalid" title={title} description={invalid} signInAction />;
    case "incomplete":
      return <AuthOutcome status="done" result="incomplete" title={title} description={incomplete} signInAction />;
  }
}
