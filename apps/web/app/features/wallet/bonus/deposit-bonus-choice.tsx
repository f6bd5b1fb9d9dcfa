// The deposit form's bonus choice (spec 3 Deposit bonus, spec 7 GET /api/game/bonuses): the offers
// a deposit of the typed amount could take, as cards, with "no bonus" as a choice of its own. The
// chosen offer travels as `bonusId` with the deposit; the server decides and issues it when the
// deposit is credited, so every figure here is a preview.
import type { DepositBonus, PlayerBonusCode } from "@playfair/contracts/bonus/player-bonuses";
import { compareAmounts, isZero } from "@playfair/contracts/money";
import { useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "../use-wallet.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { cx } from "#app/lib/cx.ts";

/** How long the typed amount rests before the offers are asked for it again. */
export const DEPOSIT_BONUS_AMOUNT_DEBOUNCE_MS = 400;

export function useDebouncedValue<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The offer chosen before the player picks: the welcome package's step when it is offered, else none. */
export function defaultDepositBonus(offers: readonly DepositBonus[] | undefined): DepositBonus | null {
  const steps = (offers ?? []).filter((offer) => offer.package !== null);
  return steps.sort((left, right) => (left.package?.step ?? 0) - (right.package?.step ?? 0))[0] ?? null;
}

/** Whether `amount` reaches the offer's minimum; unknown (null) amounts are not held against it. */
export function meetsMinimum(offer: Pick<DepositBonus, "minDeposit">, amount: string | null): boolean {
  return amount === null || compareAmounts(amount, offer.minDeposit) >= 0;
}

export function DepositBonusChoice({
  offers,
  currency,
  amount,
  chosenId,
  onChoose,
  pendingCode,
}: {
  offers: readonly DepositBonus[];
  currency: string;
  /** The typed amount as a decimal string, or null while it is empty or not a number. */
  amount: string | null;
  chosenId: string | null;
  onChoose: (id: string | null) => void;
  pendingCode: PlayerBonusCode | null;
}) {
  const { t } = useTranslation("wallet");
  const name = useId();
  if (offers.length === 0 && !pendingCode) return null;
  return (
    <fieldset className="flex flex-col gap-2" data-deposit-bonuses="">
      <legend className="mb-1 text-sm font-semibold">{t("bonus.deposit.legend")}</legend>
      {pendingCode ? (
        <p className="rounded-lg bg-brand-soft px-3.5 py-2.5 text-sm text-pretty text-brand-fg" data-pending-deposit-code={pendingCode.code}>
          {pendingCode.title
            ? t("bonus.deposit.pendingCodeWithTitle", { code: pendingCode.code, title: pendingCode.title })
            : t("bonus.deposit.pendingCode", { code: pendingCode.code })}
        </p>
      ) : null}
      {offers.map((offer) => (
        <OfferCard key={offer.id} offer={offer} name={name} currency={currency} amount={amount} checked={chosenId === offer.id} onChoose={() => onChoose(offer.id)} />
      ))}
      {offers.length > 0 ? (
        <label
          className={cx(
            "flex cursor-pointer items-center gap-3 rounded-xl border px-3.5 py-3 text-sm font-semibold transition-colors has-focus-visible:ring-2 has-focus-visible:ring-focus",
            chosenId === null ? "border-brand bg-brand-soft/60" : "border-border-strong bg-surface hover:bg-surface-muted",
          )}
          data-deposit-bonus="none"
        >
          <input type="radio" name={name} className="size-4 accent-brand" checked={chosenId === null} onChange={() => onChoose(null)} />
          {t("bonus.deposit.none")}
        </label>
      ) : null}
    </fieldset>
  );
}

function OfferCard({
  offer,
  name,
  currency,
  amount,
  checked,
  onChoose,
}: {
  offer: DepositBonus;
  name: string;
  currency: string;
  amount: string | null;
  checked: boolean;
  onChoose: () => void;
}) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const descriptionId = useId();
  const enough = meetsMinimum(offer, amount);
  // The server's figure belongs to the amount it was asked about; while a new amount is on its way
  // the offer says what it can give at most.
  const earned = enough && offer.qualifies && offer.bonusAmount !== null ? offer.bonusAmount : null;
  return (
    <label
      className={cx(
        "flex cursor-pointer gap-3 rounded-xl border px-3.5 py-3 transition-colors has-focus-visible:ring-2 has-focus-visible:ring-focus",
        checked ? "border-brand bg-brand-soft/60" : "border-border-strong bg-surface hover:bg-surface-muted",
      )}
      data-deposit-bonus={offer.id}
    >
      <input type="radio" name={name} className="mt-1 size-4 shrink-0 accent-brand" checked={checked} onChange={onChoose} aria-describedby={descriptionId} />
      <span className="flex min-w-0 flex-1 flex-col gap-1">
        <span className="flex flex-wrap items-center gap-2">
          <span className="font-semibold">{offer.title}</span>
          {offer.package ? <Badge tone="accent">{t("bonus.deposit.packageStep", { step: offer.package.step })}</Badge> : null}
        </span>
        <span className="font-display text-base font-bold text-brand-fg" data-deposit-bonus-amount="">
          {earned !== null
            ? t("bonus.deposit.earns", { amount: money(earned, currency) })
            : t("bonus.deposit.upTo", { percent: offer.percent, amount: money(offer.maxAmount, currency) })}
        </span>
        <span id={descriptionId} className="flex flex-col gap-0.5 text-xs text-fg-muted">
          <span className={cx(!enough && "font-semibold text-attention")} data-deposit-bonus-minimum={enough ? undefined : ""}>
            {enough ? t("bonus.deposit.minimum", { amount: money(offer.minDeposit, currency) }) : t("bonus.deposit.underMinimum", { amount: money(offer.minDeposit, currency) })}
          </span>
          <span>{isZero(offer.terms.wageringMultiplier) ? t("bonus.deposit.noWagering") : t("bonus.deposit.wagering", { multiplier: offer.terms.wageringMultiplier })}</span>
        </span>
        {offer.pageIdentity ? (
          <LocalizedLink to={`/bonus/${offer.pageIdentity}`} className="self-start text-xs font-semibold text-brand-fg underline-offset-4 hover:underline" data-deposit-bonus-terms="">
            {t("bonus.deposit.terms")}
          </LocalizedLink>
        ) : null}
      </span>
    </label>
  );
}
