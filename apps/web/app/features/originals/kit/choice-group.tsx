import { useRef, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "#app/lib/cx.ts";

export type Choice<Value extends string | number> = { value: Value; label: ReactNode };

/**
 * A small set of exclusive options (over/under, risk, rows) as a radio group: arrow keys move
 * and choose, only the chosen option is in the tab order (WAI-ARIA radio group).
 */
export function ChoiceGroup<Value extends string | number>({
  label,
  choices,
  value,
  onChange,
  disabled = false,
  className,
  name,
}: {
  label: string;
  choices: ReadonlyArray<Choice<Value>>;
  value: Value;
  onChange: (value: Value) => void;
  disabled?: boolean;
  className?: string;
  /** A data attribute value naming the group, for tests and styling. */
  name?: string;
}) {
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);
  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowDown: 1, ArrowLeft: rtl ? 1 : -1, ArrowUp: -1 }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const current = choices.findIndex((choice) => choice.value === value);
    const next = (current + step + choices.length) % choices.length;
    const choice = choices[next];
    if (!choice) return;
    onChange(choice.value);
    buttons.current[next]?.focus();
  }
  return (
    <div role="radiogroup" aria-label={label} aria-disabled={disabled || undefined} className={cx("flex gap-1 rounded-lg bg-surface-muted p-1", className)} onKeyDown={onKeyDown} data-choice-group={name}>
      {choices.map((choice, index) => {
        const selected = choice.value === value;
        return (
          <button
            key={String(choice.value)}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            role="radio"
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            disabled={disabled}
            onClick={() => onChange(choice.value)}
            className={cx(
              "h-11 min-w-0 flex-1 rounded-md px-2 text-sm font-semibold transition-colors focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none disabled:opacity-60 xs:h-9",
              selected ? "bg-surface text-fg shadow-card dark:bg-surface-raised" : "text-fg-muted hover:text-fg",
            )}
            data-choice={String(choice.value)}
          >
            {choice.label}
          </button>
        );
      })}
    </div>
  );
}
