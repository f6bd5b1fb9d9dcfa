import type { PlayerRestriction } from "@playfair/contracts/player/profile";
import { Trans, useTranslation } from "react-i18next";
import { LimitTime } from "./limit-format.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useModal } from "#app/features/modals/use-modal.ts";

/**
 * What a self-excluded or cooling-off player sees at the top of every page while signed in to
 * restricted mode (docs/decisions/016-restricted-mode.md): until when, and that the balance can
 * still be withdrawn. Loaded only for such a player (site-shell.tsx).
 */
export default function RestrictedModeBanner({ restriction }: { restriction: PlayerRestriction }) {
  return (
    <section className="mx-auto w-full max-w-7xl px-4 pt-4 sm:px-6 lg:px-8" aria-labelledby="restricted-mode-title" data-restricted-mode={restriction.reason}>
      <RestrictedModeMessage restriction={restriction} titleId="restricted-mode-title" />
    </section>
  );
}

/** The restriction in words, with the way to withdraw: the banner's text and the wallet's deposit tab. */
export function RestrictedModeMessage({ restriction, titleId }: { restriction: PlayerRestriction; titleId?: string }) {
  const { t } = useTranslation("limits");
  const { openModal } = useModal();
  const key = `restricted.${restriction.reason}${restriction.until ? "" : "Open"}` as const;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-attention/40 bg-attention-soft px-4 py-3.5 sm:flex-row sm:items-center sm:justify-between">
      <p id={titleId} className="text-sm text-pretty text-fg" data-restricted-mode-text="">
        {restriction.until ? <Trans t={t} i18nKey={key} components={{ time: <LimitTime at={restriction.until} className="font-semibold" /> }} /> : t(key)}
      </p>
      <div className="flex shrink-0 flex-wrap gap-2">
        <Button onClick={() => openModal("wallet", "withdraw")} data-restricted-mode-withdraw="">
          {t("restricted.withdraw")}
        </Button>
        <LocalizedLink to="/profile/limits" className="inline-flex h-11 items-center rounded-full px-4 text-[0.9375rem] font-semibold text-brand-fg underline-offset-2 hover:underline">
          {t("restricted.limits")}
        </LocalizedLink>
      </div>
    </div>
  );
}
