// The security check of the sign-in, sign-up and password forms. Which one runs:
// - reCAPTCHA v2 when the operator configured a site key (site.integrations.captchaSiteKey);
// - otherwise ALTCHA, the self-hosted proof of work, when GET /api/captcha/challenge answers with
//   a challenge (the widget is a web component, loaded only here, and solves itself: no puzzle);
// - nothing when the server has captcha switched off (the challenge call answers without one).
// The solution goes into the form's `captcha` value; after every submission it is used up, so
// the check starts again.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { useController, useFormContext, useFormState } from "react-hook-form";
import { FieldMessage, useFieldError } from "#app/features/forms/field-shell.tsx";
import { useLanguage } from "#app/lib/locale-hooks.ts";
import { useSiteSettings } from "#app/lib/site-settings.ts";

const CAPTCHA_CHALLENGE_PATH = "/api/captcha/challenge";
/** Spec 9: the reCAPTCHA script is polled for every 100 ms; theme light, size normal. */
const RECAPTCHA_POLL_MS = 100;
const RECAPTCHA_POLL_LIMIT = 100;
/** Spec 7: reCAPTCHA token requests use this action. */
const RECAPTCHA_ACTION = "frontend_form";

export type CaptchaMode = "altcha" | "recaptcha" | "off" | "pending";

function hasChallenge(body: unknown): boolean {
  if (typeof body !== "object" || body === null) return false;
  const record = body as Record<string, unknown>;
  return typeof record.challenge === "string" || typeof record.parameters === "object" || typeof record.signature === "string";
}

/** Which check the forms use; the challenge probe runs once per page. */
export function useCaptchaMode(): CaptchaMode {
  const siteKey = useSiteSettings().integrations.captchaSiteKey;
  const probe = useQuery({
    queryKey: ["captcha", "mode"],
    enabled: !siteKey,
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
    queryFn: async ({ signal }) => {
      const response = await fetch(CAPTCHA_CHALLENGE_PATH, { signal, credentials: "omit", headers: { accept: "application/json" } });
      if (!response.ok) return "off" as const;
      const body: unknown = await response.json().catch(() => null);
      return hasChallenge(body) ? ("altcha" as const) : ("off" as const);
    },
  });
  if (siteKey) return "recaptcha";
  if (probe.isPending) return "pending";
  return probe.data ?? "off";
}

/** For the forms' own check: a captcha that must be solved before sending. */
export function captchaMissing(mode: CaptchaMode, value: unknown): boolean {
  return (mode === "altcha" || mode === "recaptcha") && (typeof value !== "string" || value === "");
}

type AltchaStateEvent = CustomEvent<{ state?: string; payload?: string }>;
type AltchaElement = HTMLElement & { reset?: (state?: string) => void; verify?: () => Promise<void>; configure?: (options: Record<string, unknown>) => void };

const ALTCHA_LANGUAGES: Readonly<Record<string, () => Promise<unknown>>> = {
  de: () => import("altcha/i18n/de"),
  es: () => import("altcha/i18n/es-es"),
  "pt-br": () => import("altcha/i18n/pt-br"),
  ru: () => import("altcha/i18n/ru"),
  tr: () => import("altcha/i18n/tr"),
  hi: () => import("altcha/i18n/hi"),
  fa: () => import("altcha/i18n/fa"),
};

function altchaLanguageCode(language: string): string {
  return language === "es" ? "es-es" : language;
}

/** The ALTCHA widget, themed with the site's tokens (light and dark follow automatically). */
function AltchaWidget({ onSolved, generation }: { onSolved: (payload: string | null) => void; generation: number }) {
  const language = useLanguage();
  const { t } = useTranslation("accounts");
  const holder = useRef<HTMLDivElement>(null);
  const onSolvedRef = useRef(onSolved);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    onSolvedRef.current = onSolved;
  }, [onSolved]);

  useEffect(() => {
    let cancelled = false;
    let widget: AltchaElement | null = null;
    const onState = (event: Event) => {
      const detail = (event as AltchaStateEvent).detail;
      // Tests (and styles) read the widget's state from its holder.
      if (holder.current && typeof detail?.state === "string") holder.current.dataset.state = detail.state;
      if (detail?.state === "verified" && typeof detail.payload === "string") onSolvedRef.current(detail.payload);
      else if (detail?.state === "expired" || detail?.state === "error") onSolvedRef.current(null);
    };
    Promise.all([import("./altcha-widget.ts"), ALTCHA_LANGUAGES[language]?.()])
      .then(() => {
        if (cancelled || !holder.current) return;
        widget = document.createElement("altcha-widget") as unknown as AltchaElement;
        widget.setAttribute("challenge", CAPTCHA_CHALLENGE_PATH);
        widget.setAttribute("auto", "onload");
        widget.setAttribute("name", "altcha");
        widget.setAttribute("language", altchaLanguageCode(language));
        widget.setAttribute("configuration", JSON.stringify({ hideLogo: false, hideFooter: true, disableAutoFocus: true }));
        widget.addEventListener("statechange", onState);
        holder.current.replaceChildren(widget);
      })
      .catch((error: unknown) => {
        console.error("The ALTCHA widget could not load", error);
        if (!cancelled) setLoadFailed(true);
      });
    return () => {
      cancelled = true;
      widget?.removeEventListener("statechange", onState);
      widget?.remove();
    };
    // A new generation builds a fresh widget (a used solution cannot be sent twice).
  }, [language, generation]);

  if (loadFailed) return <p className="text-sm text-error">{t("captcha.recaptchaUnavailable")}</p>;
  return (
    <div
      ref={holder}
      data-captcha="altcha"
      className="min-h-[3.75rem] [&_altcha-widget]:block"
      style={
        {
          "--altcha-max-width": "100%",
          "--altcha-border-radius": "var(--radius-lg)",
          "--altcha-border-color": "var(--color-border-strong)",
          "--altcha-color-base": "var(--color-surface)",
          "--altcha-color-base-content": "var(--color-fg)",
          "--altcha-color-neutral": "var(--color-surface-muted)",
          "--altcha-color-neutral-content": "var(--color-fg-muted)",
          "--altcha-color-primary": "var(--color-brand)",
          "--altcha-color-primary-content": "var(--color-on-brand)",
          "--altcha-color-success": "var(--color-success)",
          "--altcha-color-error": "var(--color-error)",
          "--altcha-checkbox-border-color": "var(--color-border-strong)",
          "--altcha-spinner-color": "var(--color-brand)",
          "--altcha-shadow": "none",
        } as CSSProperties
      }
    />
  );
}

type Grecaptcha = {
  render: (container: HTMLElement, options: Record<string, unknown>) => number;
  reset: (widgetId?: number) => void;
};

function readGrecaptcha(): Grecaptcha | null {
  const candidate = (window as unknown as { grecaptcha?: Partial<Grecaptcha> }).grecaptcha;
  return candidate && typeof candidate.render === "function" && typeof candidate.reset === "function" ? (candidate as Grecaptcha) : null;
}

const RECAPTCHA_SCRIPT_ID = "recaptcha-script";

/** reCAPTCHA v2 (checkbox), only when the operator configured a site key. */
function RecaptchaWidget({ siteKey, onSolved, generation }: { siteKey: string | null; onSolved: (token: string | null) => void; generation: number }) {
  const container = useRef<HTMLDivElement>(null);
  const onSolvedRef = useRef(onSolved);
  useEffect(() => {
    onSolvedRef.current = onSolved;
  }, [onSolved]);

  useEffect(() => {
    if (!siteKey) {
      console.error("reCAPTCHA v2: key is missing");
      return;
    }
    if (!document.getElementById(RECAPTCHA_SCRIPT_ID)) {
      const script = document.createElement("script");
      script.id = RECAPTCHA_SCRIPT_ID;
      script.src = "https://www.google.com/recaptcha/api.js?render=explicit";
      script.async = true;
      document.head.append(script);
    }
    let attempts = 0;
    const timer = window.setInterval(() => {
      attempts += 1;
      const grecaptcha = readGrecaptcha();
      if (!grecaptcha) {
        if (attempts >= RECAPTCHA_POLL_LIMIT) window.clearInterval(timer);
        return;
      }
      window.clearInterval(timer);
      if (!container.current) {
        console.error("reCAPTCHA v2: the container element is missing");
        return;
      }
      try {
        container.current.replaceChildren();
        grecaptcha.render(container.current, {
          sitekey: siteKey,
          theme: "light",
          size: "normal",
          action: RECAPTCHA_ACTION,
          callback: (token: unknown) => onSolvedRef.current(typeof token === "string" ? token : null),
          "expired-callback": () => onSolvedRef.current(null),
          "error-callback": () => onSolvedRef.current(null),
        });
      } catch (error) {
        console.error("reCAPTCHA v2: the widget could not be rendered", error);
        onSolvedRef.current(null);
      }
    }, RECAPTCHA_POLL_MS);
    return () => window.clearInterval(timer);
  }, [siteKey, generation]);

  return <div ref={container} data-captcha="recaptcha" className="min-h-[78px]" />;
}

/**
 * The form's security check, bound to the `captcha` form value. Starts afresh after each
 * submission (its solution is single-use).
 */
export function CaptchaField({ name = "captcha" }: { name?: string }) {
  const mode = useCaptchaMode();
  const { t } = useTranslation("accounts");
  const { control, setValue, clearErrors } = useFormContext();
  const { field } = useController({ name, control });
  const { isSubmitting } = useFormState({ control });
  const error = useFieldError(name);
  const siteKey = useSiteSettings().integrations.captchaSiteKey;
  const [generation, setGeneration] = useState(0);
  const wasSubmitting = useRef(false);
  const previous = useRef<unknown>(field.value);

  // A submission uses the solution up, whatever its outcome.
  useEffect(() => {
    if (wasSubmitting.current && !isSubmitting) setValue(name, "");
    wasSubmitting.current = isSubmitting;
  }, [isSubmitting, name, setValue]);

  // Whenever a solution is dropped (used, expired, or cleared by the form), a fresh check starts.
  useEffect(() => {
    if (typeof previous.current === "string" && previous.current !== "" && field.value === "") setGeneration((value) => value + 1);
    previous.current = field.value;
  }, [field.value]);

  if (mode === "off") return null;
  const onSolved = (solution: string | null) => {
    if (solution) {
      setValue(name, solution);
      clearErrors(name);
    } else if (field.value) {
      setValue(name, "");
    }
  };
  return (
    <div className="flex flex-col gap-1.5" data-field={name} role="group" aria-label={t("captcha.label")}>
      {mode === "pending" ? <div className="h-[3.75rem] animate-pulse rounded-lg bg-surface-muted motion-reduce:animate-none" /> : null}
      {mode === "altcha" ? <AltchaWidget onSolved={onSolved} generation={generation} /> : null}
      {mode === "recaptcha" ? <RecaptchaWidget siteKey={siteKey} onSolved={onSolved} generation={generation} /> : null}
      {error ? (
        <FieldMessage id={`${name}-captcha-message`} error>
          {error}
        </FieldMessage>
      ) : null}
    </div>
  );
}
