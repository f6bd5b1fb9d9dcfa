// Free spins on the bonus pages: how many, how many are left, on which game (a link to play them),
// what they have won so far, the deadline and the actions (activate, cancel).
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import type { PlayerFreespin } from "@playfair/contracts/bonus/player-bonuses";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { bonusErrorReason, useActivateFreespin, useCancelFreespin } from "#app/features/bonus-data/bonus-api.ts";
import { BonusTime, Countdown } from "./bonus-time.tsx";
import { StatusBadge } from "./bonus-status.tsx";
import { Figure } from "./bonus-card.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";

export function FreespinCard({ freespin }: { freespin: PlayerFreespin }) {
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  const activate = useActivateFreespin();
  const cancel = useCancelFreespin();
  const [problem, setProblem] = useState<string | null>(null);
  const isIssued = freespin.status === PLAYER_BONUS_STATUS.issued;
  const isActive = freespin.status === PLAYER_BONUS_STATUS.active;
  const busy = activate.isPending || cancel.isPending;
  const onError = (error: unknown) => {
    const reason = bonusErrorReason(error);
    setProblem(reason ? t(`errors.${reason}`) : t("errors.tryAgain"));
  };
  const titleId = `freespin-${freespin.id}-title`;
  return (
    <li className="flex flex-col gap-4 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-5" aria-labelledby={titleId} data-freespin-card={freespin.id}>
      <div className="flex items-start gap-3">
        <SpinsArt />
        <div className="min-w-0 flex-1">
          <h3 id={titleId} className="font-display text-base font-bold tracking-tight text-balance text-fg">
            {freespin.title}
          </h3>
          <p className="mt-0.5 text-sm text-fg-muted">
            {t("freespins.on")}{" "}
            <LocalizedLink to={`/game/${encodeURIComponent(freespin.gameId)}`} className="font-semibold text-brand-fg underline-offset-4 hover:underline" data-freespin-game="">
              {freespin.gameName || freespin.gameId}
            </LocalizedLink>
          </p>
        </div>
        <StatusBadge item={freespin} />
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        <Figure label={t("freespins.remaining")} value={t("freespins.remainingValue", { remaining: freespin.remaining, count: freespin.count })} data="remaining" />
        <Figure label={t("freespins.spinValue")} value={money(freespin.spinValue, freespin.currency)} data="spin-value" />
        <Figure label={t("freespins.winnings")} value={money(freespin.winnings, freespin.currency)} data="winnings" />
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-fg-muted">
        {isIssued || isActive ? (
          <>
            <span>
              {isIssued ? t("card.activateBy") : t("card.playBy")} <BonusTime at={freespin.expiresAt} className="font-medium text-fg" />
            </span>
            <span aria-hidden="true">·</span>
            <Countdown at={freespin.expiresAt} />
          </>
        ) : freespin.finishedAt ? (
          <span>
            {t("card.finishedAt")} <BonusTime at={freespin.finishedAt} className="font-medium text-fg" />
          </span>
        ) : null}
      </p>
      {problem ? (
        <p role="alert" className="rounded-lg border border-error/25 bg-error-soft px-3.5 py-3 text-sm font-medium text-error">
          {problem}
        </p>
      ) : null}
      {isIssued || isActive ? (
        <div className="flex flex-wrap items-center gap-2">
          {isIssued ? (
            <Button size="sm" disabled={busy} onClick={() => activate.mutate(freespin.id, { onError, onSuccess: () => setProblem(null) })} data-freespin-activate="">
              {t("actions.activate")}
            </Button>
          ) : (
            <LocalizedLink to={`/game/${encodeURIComponent(freespin.gameId)}`} className={buttonClassName({ size: "sm" })} data-freespin-play="">
              {t("freespins.play")}
            </LocalizedLink>
          )}
          <Button variant="secondary" size="sm" disabled={busy} onClick={() => cancel.mutate(freespin.id, { onError, onSuccess: () => setProblem(null) })} data-freespin-cancel="">
            {t("freespins.cancel")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** A reel with a star: our own artwork for free spins. */
function SpinsArt() {
  return (
    <svg viewBox="0 0 40 40" className="size-10 shrink-0" aria-hidden="true" focusable="false">
      <circle cx="20" cy="20" r="20" className="fill-accent/20" />
      <rect x="9" y="10" width="22" height="20" rx="4" className="fill-surface stroke-accent" strokeWidth="2" />
      <path d="M16.5 10v20M23.5 10v20" className="stroke-accent" strokeWidth="1.5" opacity="0.5" />
      <path d="M20 14.5l1.6 3.3 3.6.5-2.6 2.5.6 3.6-3.2-1.7-3.2 1.7.6-3.6-2.6-2.5 3.6-.5Z" className="fill-accent" />
    </svg>
  );
}
