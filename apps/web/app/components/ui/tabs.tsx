import { useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { cx } from "#app/lib/cx.ts";

const list = "inline-flex max-w-full items-center gap-1 overflow-x-auto rounded-full border border-border bg-surface-muted p-1 [scrollbar-width:none]";
const tab =
  "inline-flex h-9 shrink-0 items-center justify-center gap-2 rounded-full px-4 text-sm font-semibold whitespace-nowrap text-fg-muted " +
  "transition-[background-color,color,box-shadow] duration-150 hover:text-fg";
const selectedTab = "bg-surface text-fg shadow-card dark:bg-surface-raised";

/** Class names of a segmented tab list and its items, for tab-like links (`aria-current`). */
export function tabListClassName(className?: string): string {
  return cx(list, className);
}
export function tabClassName(selected: boolean, className?: string): string {
  return cx(tab, selected && selectedTab, className);
}

export type TabItem<Value extends string> = { value: Value; label: ReactNode; panel: ReactNode };

/**
 * Tabs that switch content in place (WAI-ARIA tabs pattern: arrow keys, Home and End move between
 * tabs; only the selected tab is in the tab order). For tabs that change the address, use links
 * styled with tabClassName and aria-current instead.
 */
export function Tabs<Value extends string>({
  label,
  items,
  value,
  onChange,
  className,
}: {
  label: string;
  items: Array<TabItem<Value>>;
  value: Value;
  onChange: (value: Value) => void;
  className?: string;
}) {
  const id = useId();
  const tabs = useRef<Array<HTMLButtonElement | null>>([]);

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const current = items.findIndex((item) => item.value === value);
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | null = null;
    if (step !== undefined) next = (current + step + items.length) % items.length;
    else if (event.key === "Home") next = 0;
    else if (event.key === "End") next = items.length - 1;
    if (next === null) return;
    event.preventDefault();
    const item = items[next];
    if (!item) return;
    onChange(item.value);
    tabs.current[next]?.focus();
  }

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={list} onKeyDown={onKeyDown}>
        {items.map((item, index) => {
          const selected = item.value === value;
          return (
            <button
              key={item.value}
              ref={(element) => {
                tabs.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${id}-tab-${item.value}`}
              aria-selected={selected}
              aria-controls={`${id}-panel-${item.value}`}
              tabIndex={selected ? 0 : -1}
              className={tabClassName(selected)}
              onClick={() => onChange(item.value)}
            >
              {item.label}
            </button>
          );
        })}
      </div>
      {items.map((item) =>
        item.value === value ? (
          <div
            key={item.value}
            role="tabpanel"
            id={`${id}-panel-${item.value}`}
            aria-labelledby={`${id}-tab-${item.value}`}
            tabIndex={0}
            className="mt-4 outline-none focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:ring-offset-canvas"
          >
            {item.panel}
          </div>
        ) : null,
      )}
    </div>
  );
}
