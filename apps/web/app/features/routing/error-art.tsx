import { useId } from "react";

/**
 * Decorative artwork of the error pages: a card turned face down behind a card that shows a
 * question mark, and a chip. Colours come from the design tokens, so it follows the theme.
 */
export function ErrorArt({ className }: { className?: string }) {
  const id = useId();
  const back = `${id}-back`;
  const pattern = `${id}-pattern`;
  return (
    <svg viewBox="0 0 220 170" className={className} aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={back} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--color-brand-400)" />
          <stop offset="1" stopColor="var(--color-brand-800)" />
        </linearGradient>
        <pattern id={pattern} width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">
          <rect width="10" height="10" fill="none" />
          <path d="M0 5h10" stroke="#ffffff" strokeOpacity="0.16" strokeWidth="3" />
        </pattern>
      </defs>
      {/* Soft floor shadow */}
      <ellipse cx="112" cy="158" rx="78" ry="7" fill="var(--color-fg)" opacity="0.08" />
      {/* Card face down */}
      <g transform="rotate(-12 82 86)">
        <rect x="38" y="24" width="88" height="124" rx="12" fill={`url(#${back})`} />
        <rect x="38" y="24" width="88" height="124" rx="12" fill={`url(#${pattern})`} />
        <rect x="46" y="32" width="72" height="108" rx="8" fill="none" stroke="#ffffff" strokeOpacity="0.45" strokeWidth="2" />
      </g>
      {/* Card face up, with a question mark */}
      <g transform="rotate(8 132 84)">
        <rect x="88" y="20" width="88" height="124" rx="12" fill="var(--color-surface)" stroke="var(--color-border-strong)" strokeWidth="2" />
        <path
          d="M118 66a14 14 0 1 1 20 12.6c-4 2-6 4.6-6 8.4v4"
          fill="none"
          stroke="var(--color-ruby-500)"
          strokeWidth="8"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
        <circle cx="132" cy="108" r="5" fill="var(--color-ruby-500)" />
        <path d="M102 38l5-7 5 7-5 7z" fill="var(--color-ruby-500)" />
        <path d="M162 126l-5 7-5-7 5-7z" fill="var(--color-ruby-500)" />
      </g>
      {/* Chip */}
      <g transform="translate(182 128)">
        <circle r="20" fill="var(--color-gold-400)" />
        <circle r="20" fill="none" stroke="var(--color-gold-600)" strokeWidth="6" strokeDasharray="7 8.7" />
        <circle r="12" fill="var(--color-gold-300)" stroke="var(--color-gold-600)" strokeWidth="2" />
      </g>
    </svg>
  );
}
