import type { ComponentProps } from "react";
import { useController, useFormContext } from "react-hook-form";
import { Textarea } from "#app/components/ui/input.tsx";
import { FieldShell, type FieldShellProps } from "#app/features/forms/field-shell.tsx";
import { cx } from "#app/lib/cx.ts";
import { useLanguage } from "#app/lib/locale-hooks.ts";

type TextareaProps = Omit<ComponentProps<"textarea">, "name" | "value" | "defaultValue" | "onChange" | "id" | "children">;

/** A multi-line text bound to the form kit, with a live character count when `maxLength` is set. */
export function TextareaField({
  name,
  label,
  hint,
  className,
  maxLength,
  ...props
}: TextareaProps & Pick<FieldShellProps, "label" | "hint"> & { name: string; className?: string }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const value = typeof field.value === "string" ? field.value : "";
  const language = useLanguage();
  // In the page language's digits, as the online count (Persian pages write their own).
  const count = new Intl.NumberFormat(language, { useGrouping: false });
  return (
    <FieldShell
      name={name}
      label={label}
      hint={hint}
      className={className}
      labelAside={
        maxLength ? (
          <span className={cx("text-xs tabular-nums", value.length > maxLength ? "font-semibold text-error" : "text-fg-subtle")} aria-hidden="true">
            {count.format(value.length)}/{count.format(maxLength)}
          </span>
        ) : null
      }
    >
      {(attributes) => (
        <Textarea
          {...props}
          {...attributes}
          ref={field.ref}
          name={field.name}
          value={value}
          onChange={(event) => field.onChange(event.target.value)}
          onBlur={field.onBlur}
          className="min-h-40 resize-y"
        />
      )}
    </FieldShell>
  );
}
