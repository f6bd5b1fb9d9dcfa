import { useTranslation } from "react-i18next";
import type { ModalContentProps } from "../modal-content-table.ts";
import { Button } from "#app/components/ui/button.tsx";

/**
 * What a modal shows until its real content is built (games, bonuses, retention, ...): an honest
 * note that this part is on its way, no pretend forms.
 */
export default function PlaceholderContent({ title, close }: ModalContentProps) {
  const { t } = useTranslation("modals");
  return (
    <div className="flex flex-col items-center pt-2 text-center">
      <PlaceholderArt />
      <h3 className="mt-5 font-display text-base font-bold tracking-tight text-balance">{t("placeholder.heading")}</h3>
      <p className="mt-2 max-w-[22rem] text-[0.9375rem] leading-relaxed text-pretty text-fg-muted">
        {t("placeholder.description", { name: title })}
      </p>
      <Button onClick={close} className="mt-6 w-full xs:w-auto xs:min-w-36">
        {t("placeholder.dismiss")}
      </Button>
    </div>
  );
}

/** Two playing cards, the front one still being drawn (dashed), with a chip and sparkles. */
function PlaceholderArt() {
  return (
    <svg viewBox="0 0 168 112" className="h-28 w-auto" aria-hidden="true" focusable="false">
      <ellipse cx="84" cy="102" rx="54" ry="6" className="fill-surface-muted" />
      <g transform="rotate(-11 62 56)">
        <rect x="34" y="16" width="56" height="78" rx="9" className="fill-brand-soft stroke-brand" strokeWidth="2" />
        <path d="M48 30h10M48 36h6" className="stroke-brand" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M62 50c-5-8-15-3-10 5l10 10 10-10c5-8-5-13-10-5Z" className="fill-brand" />
      </g>
      <g transform="rotate(9 106 58)">
        <rect x="78" y="20" width="56" height="78" rx="9" className="fill-surface stroke-fg-subtle" strokeWidth="2" strokeDasharray="6 5" />
        <circle cx="106" cy="52" r="13" className="fill-accent" />
        <circle cx="106" cy="52" r="8" className="fill-none stroke-on-accent" strokeWidth="2" strokeDasharray="3 3" opacity="0.55" />
        <path d="M92 78h28M92 85h18" className="stroke-border-strong" strokeWidth="3" strokeLinecap="round" />
      </g>
      <path d="M146 18l2.6 6.4L155 27l-6.4 2.6L146 36l-2.6-6.4L137 27l6.4-2.6Z" className="fill-accent" />
      <path d="M24 70l1.8 4.2L30 76l-4.2 1.8L24 82l-1.8-4.2L18 76l4.2-1.8Z" className="fill-iris-400" />
      <circle cx="140" cy="80" r="3" className="fill-brand-300" />
    </svg>
  );
}
