import { useId, type ReactNode } from "react";
import { cx } from "#app/lib/cx.ts";

/**
 * A setting that is on or off: an icon, a label with a line of explanation, and a switch
 * (a button with role="switch", so Space and Enter toggle it and screen readers say on/off).
 */
export function SwitchRow({
  icon,
  label,
  description,
  checked,
  busy,
  onChange,
  name,
}: {
  icon: ReactNode;
  label: ReactNode;
  description: ReactNode;
  checked: boolean;
  busy?: boolean;
  onChange: (checked: boolean) => void;
  name: string;
}) {
  const labelId = useId();
  const descriptionId = useId();
  return (
    <li className="flex items-center gap-4 py-4 first:pt-1 last:pb-0" data-setting={name}>
      <span aria-hidden="true" className="grid size-10 shrink-0 place-items-center rounded-full bg-surface-muted text-fg-muted [&>svg]:size-[1.125rem]">
        {icon}
      </span>
      <div className="min-w-0 flex-1">
        <p id={labelId} className="font-semibold text-fg">
          {label}
        </p>
        <p id={descriptionId} className="mt-0.5 text-sm text-pretty text-fg-muted">
          {description}
        </p>
      </div>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-labelledby={labelId}
        aria-describedby={descriptionId}
        aria-busy={busy || undefined}
        onClick={() => onChange(!checked)}
        className={cx(
          "relative inline-flex h-7 w-12 shrink-0 items-center rounded-full p-0.5 transition-colors duration-200 ease-snappy",
          checked ? "bg-brand" : "bg-border-strong",
        )}
      >
        <span
          aria-hidden="true"
          className={cx(
            "block size-6 rounded-full bg-white shadow-[0_1px_3px_rgb(15_20_38/0.3)] transition-transform duration-200 ease-snappy",
            checked ? "translate-x-5 rtl:-translate-x-5" : "translate-x-0",
          )}
        />
      </button>
    </li>
  );
}
