import { useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { ChevronIcon } from "./select-field.tsx";
import { controlClassName } from "#app/components/ui/input.tsx";
import { cx } from "#app/lib/cx.ts";

export type ComboboxOption = {
  value: string;
  label: string;
  /** Extra words the search matches (codes, English names). */
  keywords?: string;
  /** Shown before the label (a flag, a currency symbol). */
  leading?: ReactNode;
  /** Shown at the end of the row (a code, a calling code). */
  trailing?: ReactNode;
  /** What the closed control shows when this option is chosen; the label by default. */
  selectedText?: string;
};

const MAX_VISIBLE = 200;

/** Case- and accent-insensitive text for matching. */
function searchText(text: string): string {
  return text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();
}

/**
 * A searchable select (WAI-ARIA combobox with a listbox popup): type to filter, arrows to move,
 * Enter to choose, Escape to close (without closing the modal around it). The input shows the
 * chosen option's label while closed.
 */
export function Combobox({
  options,
  value,
  onChange,
  onBlur,
  placeholder,
  emptyText,
  inputRef,
  controlAttributes,
  loading,
  disabled,
  className,
  listClassName,
  inputClassName,
}: {
  options: readonly ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  placeholder?: string;
  emptyText: string;
  inputRef?: (element: HTMLInputElement | null) => void;
  controlAttributes: { id: string; "aria-describedby"?: string; "aria-invalid"?: true; "aria-label"?: string };
  loading?: boolean;
  disabled?: boolean;
  className?: string;
  listClassName?: string;
  inputClassName?: string;
}) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const selected = options.find((option) => option.value === value);

  const filtered = useMemo(() => {
    const needle = searchText(query.trim());
    if (needle === "") return options.slice(0, MAX_VISIBLE);
    const starts: ComboboxOption[] = [];
    const contains: ComboboxOption[] = [];
    for (const option of options) {
      const label = searchText(option.label);
      const keywords = searchText(`${option.value} ${option.keywords ?? ""}`);
      if (label.startsWith(needle) || keywords.split(/\s+/).some((word) => word.startsWith(needle))) starts.push(option);
      else if (label.includes(needle)) contains.push(option);
    }
    return [...starts, ...contains].slice(0, MAX_VISIBLE);
  }, [options, query]);

  function openList() {
    if (disabled) return;
    setQuery("");
    const index = filtered.findIndex((option) => option.value === value);
    setActive(Math.max(0, index));
    setOpen(true);
    requestAnimationFrame(() => listRef.current?.querySelector('[aria-selected="true"]')?.scrollIntoView({ block: "nearest" }));
  }

  function choose(option: ComboboxOption | undefined) {
    if (option) onChange(option.value);
    setOpen(false);
    setQuery("");
  }

  function moveTo(index: number) {
    const next = Math.min(Math.max(index, 0), filtered.length - 1);
    setActive(next);
    listRef.current?.children[next]?.scrollIntoView({ block: "nearest" });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) openList();
      else moveTo(active + (event.key === "ArrowDown" ? 1 : -1));
    } else if (event.key === "Enter" && open) {
      event.preventDefault();
      choose(filtered[active]);
    } else if (event.key === "Escape" && open) {
      // Closes the list only; the modal's Escape handler skips prevented events.
      event.preventDefault();
      setOpen(false);
      setQuery("");
    } else if (event.key === "Tab" && open) {
      setOpen(false);
      setQuery("");
    }
  }

  const activeOption = open ? filtered[active] : undefined;
  return (
    <div className={cx("relative", className)}>
      {selected?.leading && !open ? <span className="pointer-events-none absolute inset-y-0 start-3.5 flex items-center">{selected.leading}</span> : null}
      <input
        {...controlAttributes}
        ref={inputRef}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? `${listId}-${activeOption.value}` : undefined}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={open ? (selected?.label ?? placeholder) : placeholder}
        value={open ? query : (selected?.selectedText ?? selected?.label ?? "")}
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          if (!open) setOpen(true);
        }}
        onClick={() => (open ? undefined : openList())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          // A click on an option blurs the input first; let the click land before closing.
          window.setTimeout(() => {
            setOpen(false);
            setQuery("");
          }, 120);
          onBlur?.();
        }}
        className={controlClassName(cx("h-11 cursor-pointer pe-10", Boolean(selected?.leading) && !open && "ps-11", inputClassName))}
      />
      <ChevronIcon className={cx("pointer-events-none absolute end-3 top-1/2 size-4 -translate-y-1/2 text-fg-subtle transition-transform", open && "rotate-180")} />
      {open ? (
        <ul
          ref={listRef}
          id={listId}
          role="listbox"
          className={cx("absolute inset-x-0 top-full z-20 mt-1.5 max-h-64 overflow-y-auto overscroll-contain rounded-lg border border-border bg-surface-raised p-1 shadow-raised", listClassName)}
        >
          {loading ? <li className="px-3 py-2.5 text-sm text-fg-subtle">…</li> : null}
          {!loading && filtered.length === 0 ? <li className="px-3 py-2.5 text-sm text-fg-subtle">{emptyText}</li> : null}
          {filtered.map((option, index) => (
            <li
              key={option.value}
              id={`${listId}-${option.value}`}
              role="option"
              aria-selected={option.value === value}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => setActive(index)}
              className={cx(
                "flex cursor-pointer items-center gap-2.5 rounded-md px-2.5 py-2 text-[0.9375rem] text-fg",
                index === active && "bg-surface-muted",
                option.value === value && "font-semibold",
              )}
            >
              {option.leading ? <span className="shrink-0">{option.leading}</span> : null}
              <span className="min-w-0 flex-1 truncate">{option.label}</span>
              {option.trailing ? <span className="shrink-0 text-sm text-fg-subtle tabular-nums">{option.trailing}</span> : null}
              {option.value === value ? (
                <svg viewBox="0 0 16 16" aria-hidden="true" className="size-4 shrink-0 text-brand-fg" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
                  <path d="M3.5 8.5l3 3 6-7" />
                </svg>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
