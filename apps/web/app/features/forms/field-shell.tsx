import { useId, type ReactNode } from "react";
import { get, useFormContext, useFormState } from "react-hook-form";
import { cx } from "#app/lib/cx.ts";

/** The attributes that tie a control to its label and message (hint or error). */
export type ControlAttributes = { id: string; "aria-describedby"?: string; "aria-invalid"?: true };

export type FieldShellProps = {
  name: string;
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** Hides the label visually (it still names the control), for fields whose context says it all. */
  hideLabel?: boolean;
  /** Something at the end of the label row, e.g. a "Forgot password?" link. */
  labelAside?: ReactNode;
  children: (control: ControlAttributes) => ReactNode;
};

/**
 * The field's current error message, translated already (the resolver and server mapping do that).
 * A field the player only passed through (focused, left, never changed) shows nothing until the form
 * is submitted: a "required" appearing under it would push the rest of the form down while the
 * player is reaching for the next control, and the click would land on the wrong thing.
 */
export function useFieldError(name: string): string | undefined {
  const { control } = useFormContext();
  const { errors, dirtyFields, isSubmitted } = useFormState({ control, name });
  const error = errors[name];
  if (typeof error?.message !== "string" || error.message === "") return undefined;
  const changed = Boolean(get(dirtyFields, name));
  return changed || isSubmitted || error.type === "server" ? error.message : undefined;
}

/** A labelled control with its hint or error under it, wired for assistive technology. */
export function FieldShell({ name, label, hint, className, hideLabel, labelAside, children }: FieldShellProps) {
  const id = useId();
  const error = useFieldError(name);
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={cx("flex flex-col gap-1.5", className)} data-field={name}>
      <div className={cx("flex items-baseline justify-between gap-3", hideLabel && "sr-only")}>
        <label htmlFor={id} className="text-sm font-semibold text-fg">
          {label}
        </label>
        {labelAside}
      </div>
      {children({
        id,
        ...(message ? { "aria-describedby": messageId } : {}),
        ...(error ? { "aria-invalid": true as const } : {}),
      })}
      {message ? <FieldMessage id={messageId} error={Boolean(error)}>{message}</FieldMessage> : null}
    </div>
  );
}

export function FieldMessage({ id, error, children }: { id: string; error: boolean; children: ReactNode }) {
  return (
    <p id={id} className={cx("flex items-start gap-1.5 text-[0.8125rem] leading-snug", error ? "font-medium text-error" : "text-fg-subtle")} data-field-error={error ? "" : undefined}>
      {error ? (
        <svg viewBox="0 0 16 16" aria-hidden="true" className="mt-px size-3.5 shrink-0" fill="currentColor">
          <path d="M8 1.5a6.5 6.5 0 1 1 0 13 6.5 6.5 0 0 1 0-13Zm0 3a.9.9 0 0 0-.9.95l.2 3.6a.7.7 0 0 0 1.4 0l.2-3.6A.9.9 0 0 0 8 4.5Zm0 5.8a.85.85 0 1 0 0 1.7.85.85 0 0 0 0-1.7Z" />
        </svg>
      ) : null}
      <span>{children}</span>
    </p>
  );
}
