import { useEffect, useState } from "react";
import { compareDecimals } from "../decimal.ts";
import { useT } from "../widget-context.tsx";

type Cue = "up" | "down" | null;
/** How long a moved price keeps its up or down colour. */
export const PRICE_CUE_MS = 3_000;

/** The direction a price last moved in, for a few seconds after it moved. */
function usePriceCue(odds: string): Cue {
  const [seen, setSeen] = useState(odds);
  const [cue, setCue] = useState<Cue>(null);
  if (seen !== odds) {
    setSeen(odds);
    setCue(compareDecimals(odds, seen) > 0 ? "up" : "down");
  }
  useEffect(() => {
    if (cue === null) return;
    const timer = setTimeout(() => setCue(null), PRICE_CUE_MS);
    return () => clearTimeout(timer);
  }, [cue, seen]);
  return cue;
}

const CUE_CLASSES: Record<"up" | "down" | "none", string> = {
  up: "sb:text-success sb:ring-1 sb:ring-success sb-price-up",
  down: "sb:text-error sb:ring-1 sb:ring-error sb-price-down",
  none: "",
};

/** One price: adds its outcome to the slip or takes it off; locked while the market is suspended. */
export function OddsButton(props: { label: string; shortLabel?: string; odds: string; selected: boolean; locked: boolean; onToggle: () => void }) {
  const { label, shortLabel, odds, selected, locked, onToggle } = props;
  const t = useT();
  const cue = usePriceCue(odds);
  const spoken = cue === "up" ? t("odds.up", { odds }) : cue === "down" ? t("odds.down", { odds }) : odds;
  const tone = selected ? "sb:bg-brand sb:text-on-brand sb:border-brand" : "sb:bg-surface-muted sb:text-fg sb:border-border sb:hover:border-brand";
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={locked}
      onClick={onToggle}
      className={`sb:flex sb:min-h-11 sb:min-w-0 sb:flex-1 sb:items-center sb:justify-between sb:gap-1.5 sb:rounded-md sb:border sb:px-2 sb:py-1.5 sb:sm:gap-2 sb:sm:px-2.5 sb:text-sm sb:transition-colors sb:disabled:cursor-not-allowed sb:disabled:opacity-60 ${tone} ${selected ? "" : CUE_CLASSES[cue ?? "none"]}`}
    >
      {shortLabel !== undefined ? (
        <span className={`sb:text-xs ${selected ? "sb:text-on-brand" : "sb:text-fg-subtle"}`}>
          <span aria-hidden="true">{shortLabel}</span>
          <span className="sb:sr-only">{label}</span>
        </span>
      ) : (
        <span className={`sb:truncate ${selected ? "sb:text-on-brand" : "sb:text-fg-muted"}`}>{label}</span>
      )}
      <span className="sb:flex sb:items-center sb:gap-1 sb:font-semibold sb:tabular-nums">
        {locked ? (
          // A padlock rather than the word: it fits the narrowest button in every language.
          <>
            <svg aria-hidden="true" viewBox="0 0 16 16" className="sb:size-4 sb:fill-current">
              <path d="M5 7V5a3 3 0 0 1 6 0v2h.5A1.5 1.5 0 0 1 13 8.5v5a1.5 1.5 0 0 1-1.5 1.5h-7A1.5 1.5 0 0 1 3 13.5v-5A1.5 1.5 0 0 1 4.5 7H5Zm1.5 0h3V5a1.5 1.5 0 0 0-3 0v2Z" />
            </svg>
            <span className="sb:sr-only">{t("odds.locked")}</span>
          </>
        ) : (
          <>
            {cue && (
              <span aria-hidden="true" className="sb:text-xs">
                {cue === "up" ? "▲" : "▼"}
              </span>
            )}
            <span aria-hidden={cue !== null}>{odds}</span>
            {cue && <span className="sb:sr-only">{spoken}</span>}
          </>
        )}
      </span>
    </button>
  );
}
