import { useId, type ReactNode } from "react";
import { useController, useFormContext } from "react-hook-form";
import { FieldMessage, useFieldError } from "./field-shell.tsx";
import { cx } from "#app/lib/cx.ts";

/** A checkbox bound to a boolean form value; the label may hold links (agreements). */
export function CheckboxField({ name, label, hint, className }: { name: string; label: ReactNode; hint?: ReactNode; className?: string }) {
  const id = useId();
  const { control } = useFormContext();
  const {
    field: { ref, name: fieldName, value, onChange, onBlur },
  } = useController({ name, control });
  const error = useFieldError(name);
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={cx("flex flex-col gap-1", className)} data-field={name}>
      <div className="flex items-start gap-3">
        <span className="relative mt-0.5 grid size-5 shrink-0 place-items-center">
          <input
            ref={ref}
            id={id}
            type="checkbox"
            name={fieldName}
            checked={value === true}
            onChange={(event) => onChange(event.target.checked)}
            onBlur={onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={message ? messageId : undefined}
            className={cx(
              "peer size-5 cursor-pointer appearance-none rounded-[0.3rem] border-[1.5px] border-border-strong bg-surface transition-colors",
              "checked:border-brand checked:bg-brand hover:border-fg-subtle/70 aria-invalid:border-error",
              "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-focus",
            )}
          />
          <svg viewBox="0 0 16 16" aria-hidden="true" className="pointer-events-none absolute size-3.5 text-on-brand opacity-0 peer-checked:opacity-100" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" strokeLinejoin="round">
            <path d="M3.5 8.5l3 3 6-7" />
          </svg>
        </span>
        <label htmlFor={id} className="cursor-pointer text-sm leading-relaxed text-fg-muted [&_a]:font-semibold [&_a]:text-brand-fg [&_a]:underline [&_a]:underline-offset-2">
          {label}
        </label>
      </div>
      {message ? (
        <div className="ps-8">
          <FieldMessage id={messageId} error={Boolean(error)}>
            {message}
          </FieldMessage>
        </div>
      ) : null}
    </div>
  );
}
