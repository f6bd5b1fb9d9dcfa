import type { SlotSymbol } from "@playfair/fairness/games/slot";
import type { ReactNode } from "react";

// Starfall's symbols, drawn by us in a night-sky theme: the wild is a comet, the scatter a ringed
// planet, the high symbols the sun, a star crystal and the moon, and the card ranks starlit
// letters. The gradients live once in <SlotSymbolDefs/>, which the reels render.

const ID = "starfall";

export function SlotSymbolDefs() {
  return (
    <svg width="0" height="0" className="absolute" aria-hidden="true" focusable="false">
      <defs>
        <radialGradient id={`${ID}-sun`} cx="45%" cy="40%" r="60%">
          <stop offset="0%" stopColor="#fff3d1" />
          <stop offset="55%" stopColor="#fbbd34" />
          <stop offset="100%" stopColor="#c7820a" />
        </radialGradient>
        <linearGradient id={`${ID}-crystal`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#c9f4e3" />
          <stop offset="45%" stopColor="#5cd7ab" />
          <stop offset="100%" stopColor="#5147d8" />
        </linearGradient>
        <linearGradient id={`${ID}-moon`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0%" stopColor="#ffffff" />
          <stop offset="100%" stopColor="#a8b1c6" />
        </linearGradient>
        <linearGradient id={`${ID}-comet`} x1="1" y1="0" x2="0" y2="1">
          <stop offset="0%" stopColor="#ffe49e" />
          <stop offset="50%" stopColor="#f4657a" />
          <stop offset="100%" stopColor="#6a6cf0" stopOpacity="0" />
        </linearGradient>
        <radialGradient id={`${ID}-planet`} cx="40%" cy="35%" r="65%">
          <stop offset="0%" stopColor="#95e8c9" />
          <stop offset="60%" stopColor="#14a97b" />
          <stop offset="100%" stopColor="#0a4636" />
        </radialGradient>
      </defs>
    </svg>
  );
}

function star(cx: number, cy: number, outer: number, inner: number, points = 5): string {
  const path: string[] = [];
  for (let index = 0; index < points * 2; index += 1) {
    const radius = index % 2 === 0 ? outer : inner;
    const angle = (Math.PI * index) / points - Math.PI / 2;
    path.push(`${(cx + radius * Math.cos(angle)).toFixed(2)} ${(cy + radius * Math.sin(angle)).toFixed(2)}`);
  }
  return `M${path.join("L")}Z`;
}

const LETTER_COLOUR: Record<"A" | "K" | "Q" | "J", { fill: string; glow: string }> = {
  A: { fill: "#f4657a", glow: "#9b1c38" },
  K: { fill: "#5cd7ab", glow: "#0a6e51" },
  Q: { fill: "#8b8cf8", glow: "#4035b0" },
  J: { fill: "#ffd166", glow: "#8f5a06" },
};

function Letter({ letter }: { letter: "A" | "K" | "Q" | "J" }) {
  const colour = LETTER_COLOUR[letter];
  return (
    <>
      <text x="32" y="35" textAnchor="middle" dominantBaseline="central" fontSize="40" fontWeight="900" fontFamily="Georgia, 'Times New Roman', serif" fill={colour.glow} transform="translate(1.5 2)">
        {letter}
      </text>
      <text x="32" y="35" textAnchor="middle" dominantBaseline="central" fontSize="40" fontWeight="900" fontFamily="Georgia, 'Times New Roman', serif" fill={colour.fill} stroke="#ffffff" strokeOpacity="0.5" strokeWidth="0.8">
        {letter}
      </text>
      <path d={star(50, 14, 5, 2, 4)} fill="#ffffff" opacity="0.9" />
    </>
  );
}

const ART: Record<SlotSymbol, ReactNode> = {
  W: (
    <>
      <path d="M8 58 L40 18 L48 26 Z" fill={`url(#${ID}-comet)`} />
      <path d={star(44, 20, 15, 6)} fill="#fff3d1" stroke="#fbbd34" strokeWidth="1.5" />
      <rect x="10" y="44" width="44" height="14" rx="4" fill="#5147d8" stroke="#ffe49e" strokeWidth="1.2" />
      <text x="32" y="51.5" textAnchor="middle" dominantBaseline="central" fontSize="10" fontWeight="900" fill="#ffffff" letterSpacing="1.5">
        WILD
      </text>
    </>
  ),
  S: (
    <>
      <circle cx="32" cy="32" r="15" fill={`url(#${ID}-planet)`} />
      <ellipse cx="32" cy="33" rx="27" ry="7" fill="none" stroke="#ffd166" strokeWidth="3" transform="rotate(-18 32 33)" />
      <path d="M17 29 A15 15 0 0 1 47 29" fill={`url(#${ID}-planet)`} transform="rotate(-18 32 33)" />
      <path d={star(12, 12, 5, 2, 4)} fill="#ffffff" />
      <path d={star(54, 52, 4, 1.5, 4)} fill="#ffffff" />
    </>
  ),
  crown: (
    <>
      {Array.from({ length: 12 }, (_, index) => (
        <path key={index} d="M32 4 L35 14 L29 14 Z" fill="#ffd166" transform={`rotate(${index * 30} 32 32)`} />
      ))}
      <circle cx="32" cy="32" r="16" fill={`url(#${ID}-sun)`} stroke="#fff3d1" strokeWidth="1" />
    </>
  ),
  gem: (
    <>
      <path d={star(32, 32, 27, 9, 4)} fill={`url(#${ID}-crystal)`} stroke="#e8fbf4" strokeWidth="1.2" />
      <path d="M32 5 L32 59 M5 32 L59 32" stroke="#ffffff" strokeOpacity="0.45" strokeWidth="1" />
    </>
  ),
  bell: (
    <>
      <path d="M40 8 A24 24 0 1 0 40 56 A19 19 0 1 1 40 8 Z" fill={`url(#${ID}-moon)`} stroke="#ffffff" strokeWidth="1" />
      <circle cx="24" cy="26" r="2.5" fill="#a8b1c6" />
      <circle cx="20" cy="40" r="1.8" fill="#a8b1c6" />
      <path d={star(50, 24, 5, 2, 4)} fill="#fff3d1" />
    </>
  ),
  A: <Letter letter="A" />,
  K: <Letter letter="K" />,
  Q: <Letter letter="Q" />,
  J: <Letter letter="J" />,
};

/** A symbol's artwork, named for screen readers by `label` (or hidden when it is only decoration). */
export function SlotSymbolArt({ symbol, label, className }: { symbol: SlotSymbol; label?: string; className?: string }) {
  return (
    <svg viewBox="0 0 64 64" className={className} role={label ? "img" : undefined} aria-label={label} aria-hidden={label ? undefined : true} data-symbol={symbol}>
      {ART[symbol]}
    </svg>
  );
}
