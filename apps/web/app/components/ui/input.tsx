import { useId, type ComponentProps, type ReactNode } from "react";
import { cx } from "#app/lib/cx.ts";

const control =
  "block w-full rounded-lg border border-border-strong bg-surface px-3.5 text-[0.9375rem] text-fg shadow-[inset_0_1px_1px_rgb(15_20_38/0.04)] " +
  "placeholder:text-fg-subtle transition-[border-color,box-shadow] duration-150 " +
  "hover:border-fg-subtle/60 focus-visible:border-brand focus-visible:ring-3 focus-visible:ring-brand/20 focus-visible:outline-none " +
  "disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-error aria-invalid:focus-visible:ring-error/20";

/** Class names of a text control; shared by Input, Select and Textarea. */
export function controlClassName(className?: string): string {
  return cx(control, className);
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={controlClassName(cx("h-11", className))} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={controlClassName(cx("min-h-28 py-2.5", className))} {...props} />;
}

export function Select({ className, ...props }: ComponentProps<"select">) {
  return <select className={controlClassName(cx("h-11 pe-9", className))} {...props} />;
}

type FieldControlProps = { id: string; "aria-describedby"?: string; "aria-invalid"?: true };

export type FieldProps = {
  label: ReactNode;
  /** Help shown under the control while there is no error. */
  hint?: ReactNode;
  /** A translated validation message; marks the control invalid. */
  error?: ReactNode;
  className?: string;
  /** Renders the control with the ids that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * A labelled form control with its hint or error, wired for assistive technology:
 * `<Field label={t("email")}>{(props) => <Input type="email" {...props} />}</Field>`.
 */
export function Field({ label, hint, error, className, children }: FieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = error ?? hint;
  return (
    <div className={cx("flex flex-col gap-1.5", className)}>
      <label htmlFor={id} className="text-sm font-semibold text-fg">
        {label}
      </label>
      {children({
        id,
        ...(message ? { "aria-describedby": messageId } : {}),
        ...(error ? { "aria-invalid": true as const } : {}),
      })}
      {message ? (
        <p id={messageId} className={cx("text-sm", error ? "font-medium text-error" : "text-fg-subtle")}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
