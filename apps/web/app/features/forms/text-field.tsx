import type { ComponentProps, ReactNode } from "react";
import { useController, useFormContext } from "react-hook-form";
import { FieldShell, type FieldShellProps } from "./field-shell.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { applyMask } from "@playfair/contracts/validation/masks";

type InputProps = Omit<ComponentProps<"input">, "name" | "value" | "defaultValue" | "onChange" | "id" | "children">;

export type TextFieldProps = InputProps &
  Pick<FieldShellProps, "label" | "hint" | "hideLabel" | "labelAside"> & {
    name: string;
    /** Wrapper class (the field with its label and message). */
    className?: string;
    inputClassName?: string;
    /** Spec 5 pattern mask: '#' digit, '@' letter, '*' either; other characters are written as is. */
    mask?: string;
    /** Content inside the control at its end, e.g. a visibility toggle. */
    end?: ReactNode;
  };

/** A text input bound to the form: text, e-mail, numbers, dates (type="date" gives YYYY-MM-DD) or masked input. */
export function TextField({ name, label, hint, hideLabel, labelAside, className, inputClassName, mask, end, onBlur, ...inputProps }: TextFieldProps) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const value = typeof field.value === "string" ? field.value : "";
  return (
    <FieldShell name={name} label={label} hint={hint} hideLabel={hideLabel} labelAside={labelAside} className={className}>
      {(attributes) => (
        <div className="relative" dir={inputProps.dir}>
          <Input
            {...inputProps}
            {...attributes}
            ref={field.ref}
            name={field.name}
            value={value}
            disabled={inputProps.disabled ?? field.disabled}
            onChange={(event) => field.onChange(mask ? applyMask(event.target.value, mask) : event.target.value)}
            onBlur={(event) => {
              field.onBlur();
              onBlur?.(event);
            }}
            className={end ? `pe-12 ${inputClassName ?? ""}` : inputClassName}
          />
          {end ? <div className="absolute inset-y-0 end-0 flex items-center pe-1">{end}</div> : null}
        </div>
      )}
    </FieldShell>
  );
}

/** An e-mail address input with the right keyboard and autofill hints. */
export function EmailField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="email" inputMode="email" autoComplete="email" autoCapitalize="none" spellCheck={false} dir="ltr" {...props} />;
}

/** A date as YYYY-MM-DD (the browser's date picker writes exactly that). */
export function DateField(props: Omit<TextFieldProps, "type">) {
  return <TextField type="date" {...props} />;
}
