import type { Competitor } from "@playfair/contracts/sport/sportsbook-api";

// A competitor's crest drawn from the seed the simulator generates for it (shape index, two
// colours), the same figure family the sportsbook widget draws.

/** The shield outlines a crest seed's `shape` picks from. */
const OUTLINES = [
  "M16 2 L28 6 V15 C28 23 22 28 16 30 C10 28 4 23 4 15 V6 Z",
  "M16 2 A14 14 0 1 1 15.99 2 Z",
  "M16 2 L28 9 V23 L16 30 L4 23 V9 Z",
  "M16 2 L30 16 L16 30 L2 16 Z",
  "M6 3 H26 C28 3 29 4 29 6 V20 L16 30 L3 20 V6 C3 4 4 3 6 3 Z",
] as const;

/** The second colour's figure inside the outline. */
const FIGURES = ["M16 2 V30 H28 V2 Z", "M2 12 H30 V20 H2 Z", "M2 2 L30 30 V20 L12 2 Z", "M11 2 H21 V30 H11 Z"] as const;

const COLOUR = /^#[0-9a-fA-F]{6}$/;

/** Decorative; `id` must be unique in the page (it names the figure's clip path). */
export function Crest({ crest, id }: { crest: Competitor["crest"] | null; id: string }) {
  const shape = Math.abs(crest?.shape ?? 0);
  const outline = OUTLINES[shape % OUTLINES.length]!;
  const figure = FIGURES[Math.floor(shape / OUTLINES.length) % FIGURES.length]!;
  const primary = crest && COLOUR.test(crest.primary) ? crest.primary : "#7b86a0";
  const secondary = crest && COLOUR.test(crest.secondary) ? crest.secondary : "#e2e7f0";
  return (
    <svg width="20" height="20" viewBox="0 0 32 32" aria-hidden="true" focusable="false" className="shrink-0">
      <clipPath id={id}>
        <path d={outline} />
      </clipPath>
      <path d={outline} fill={primary} />
      <path d={figure} fill={secondary} clipPath={`url(#${id})`} />
      <path d={outline} fill="none" stroke="rgb(0 0 0 / 0.18)" strokeWidth="1" />
    </svg>
  );
}
