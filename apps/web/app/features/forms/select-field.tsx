import { useController, useFormContext } from "react-hook-form";
import { FieldShell, type FieldShellProps } from "./field-shell.tsx";
import { Select } from "#app/components/ui/input.tsx";

export type SelectOption = { value: string; label: string };

/** A native select (short lists such as gender or time zone); long lists use the searchable selects. */
export function SelectField({ name, label, hint, options, placeholder, className }: Pick<FieldShellProps, "label" | "hint"> & { name: string; options: readonly SelectOption[]; placeholder?: string; className?: string }) {
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  return (
    <FieldShell name={name} label={label} hint={hint} className={className}>
      {(attributes) => (
        <div className="relative">
          <Select {...attributes} ref={field.ref} name={field.name} value={typeof field.value === "string" ? field.value : ""} onChange={(event) => field.onChange(event.target.value)} onBlur={field.onBlur} className="appearance-none">
            {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </Select>
          <ChevronIcon className="pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle" />
        </div>
      )}
    </FieldShell>
  );
}

export function ChevronIcon({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 16 16" aria-hidden="true" className={className} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 6l4 4 4-4" />
    </svg>
  );
}
