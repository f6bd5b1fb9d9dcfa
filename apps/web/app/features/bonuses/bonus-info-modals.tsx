// The reading modals (spec 2.4): bonus-condition (the full terms), bonus-details (the bonus's
// figures, dates and progress) and package-bonus (one step of the welcome package).
import { isZero } from "@playfair/contracts/money";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useWelcomePackage } from "#app/features/bonus-data/bonus-api.ts";
import { BonusTermsList } from "./bonus-terms.tsx";
import { BonusTime } from "./bonus-time.tsx";
import { StatusBadge } from "./bonus-status.tsx";
import { BonusMissing, bonusTermsInput, CloseActions, ModalLoading, TermsSection, useBonusTarget, WithBonus } from "./bonus-modal-parts.tsx";
import { WageringProgress } from "./wagering-progress.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";

function PageLink({ pageIdentity }: { pageIdentity: string | null }) {
  const { t } = useTranslation("bonuses");
  if (!pageIdentity) return null;
  return (
    <LocalizedLink to={`/bonus/${encodeURIComponent(pageIdentity)}`} className="text-sm font-semibold text-brand-fg underline-offset-4 hover:underline" data-bonus-page="">
      {t("actions.about")}
    </LocalizedLink>
  );
}

export function BonusConditionModal({ close }: ModalContentProps) {
  const { t } = useTranslation("bonuses");
  return (
    <WithBonus close={close}>
      {(bonus) => (
        <div className="flex flex-col gap-4" data-bonus-condition={bonus.id}>
          <p className="font-display text-lg font-bold text-fg">{bonus.title}</p>
          <BonusTermsList input={bonusTermsInput(bonus)} full />
          <ul className="list-disc space-y-1 ps-5 text-sm text-pretty text-fg-muted">
            <li>{t("conditions.realMoneyFirst")}</li>
            <li>{t("conditions.winnings")}</li>
            <li>{t("conditions.oneActive")}</li>
            <li>{t("conditions.cancel")}</li>
          </ul>
          <PageLink pageIdentity={bonus.pageIdentity} />
          <CloseActions close={close} />
        </div>
      )}
    </WithBonus>
  );
}

function Fact({ label, children, data }: { label: string; children: ReactNode; data: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 border-b border-border py-2 last:border-b-0" data-bonus-fact={data}>
      <dt className="text-sm text-fg-muted">{label}</dt>
      <dd className="ms-auto text-end text-sm font-semibold text-fg">{children}</dd>
    </div>
  );
}

export function BonusDetailsModal({ close }: ModalContentProps) {
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  return (
    <WithBonus close={close}>
      {(bonus) => (
        <div className="flex flex-col gap-4" data-bonus-details={bonus.id}>
          <div className="flex items-start justify-between gap-3">
            <p className="font-display text-lg font-bold text-fg">{bonus.title}</p>
            <StatusBadge item={bonus} />
          </div>
          {bonus.description ? <p className="text-sm text-pretty text-fg-muted">{bonus.description}</p> : null}
          {bonus.status !== 3 ? <WageringProgress wagered={bonus.wagering.wagered} required={bonus.wagering.required} currency={bonus.currency} /> : null}
          <dl className="flex flex-col">
            <Fact label={t("card.amount")} data="amount">
              <bdi>{money(bonus.amount, bonus.currency)}</bdi>
            </Fact>
            {bonus.status === 2 ? (
              <Fact label={t("card.balance")} data="balance">
                <bdi>{money(bonus.balance, bonus.currency)}</bdi>
              </Fact>
            ) : null}
            <Fact label={t("details.required")} data="required">
              <bdi>{money(bonus.wagering.required, bonus.currency)}</bdi>
            </Fact>
            {bonus.status === 3 && !isZero(bonus.convertedAmount) ? (
              <Fact label={t("card.converted")} data="converted">
                <bdi>{money(bonus.convertedAmount, bonus.currency)}</bdi>
              </Fact>
            ) : null}
            <Fact label={t("details.source")} data="source">
              {t(`details.sources.${bonus.source}`)}
            </Fact>
            <Fact label={t("details.issuedAt")} data="issued-at">
              <BonusTime at={bonus.issuedAt} />
            </Fact>
            {bonus.activatedAt ? (
              <Fact label={t("details.activatedAt")} data="activated-at">
                <BonusTime at={bonus.activatedAt} />
              </Fact>
            ) : null}
            {bonus.finishedAt ? (
              <Fact label={t("card.finishedAt")} data="finished-at">
                <BonusTime at={bonus.finishedAt} />
              </Fact>
            ) : (
              <Fact label={bonus.status === 1 ? t("card.activateBy") : t("card.wagerBy")} data="expires-at">
                <BonusTime at={bonus.expiresAt} />
              </Fact>
            )}
          </dl>
          <PageLink pageIdentity={bonus.pageIdentity} />
          <CloseActions close={close} />
        </div>
      )}
    </WithBonus>
  );
}

/** One welcome package step: its offer, its terms and where the player stands. */
export function PackageBonusModal({ close }: ModalContentProps) {
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  const target = useBonusTarget();
  const packageStep = target?.kind === "packageStep" ? target : null;
  const welcome = useWelcomePackage(packageStep?.currency);
  if (!packageStep) return <BonusMissing close={close} />;
  if (welcome.isPending) return <ModalLoading />;
  const step = welcome.data?.steps.find((candidate) => candidate.step === packageStep.step);
  if (!step) return <BonusMissing close={close} />;
  const offer = step.template;
  const currency = packageStep.currency;
  const maxAmount = offer.maxAmount;
  return (
    <div className="flex flex-col gap-4" data-package-bonus={step.step}>
      <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("package.stepOf", { step: step.step })}</p>
      <p className="font-display text-lg font-bold text-fg">{offer.title}</p>
      <p className="text-sm text-pretty text-fg-muted">
        {t("package.offer", { percent: offer.percent, max: money(maxAmount, currency), min: money(offer.minDeposit, currency) })}
      </p>
      <p className="text-sm font-semibold text-fg" data-package-step-state={step.state}>
        {t(`package.states.${step.state}`)}
      </p>
      <TermsSection input={{ terms: offer.terms, currency, amount: maxAmount }} />
      <CloseActions close={close}>
        {step.state === "next" ? (
          <ModalLink modal="wallet" value="deposit" className={buttonClassName({ variant: "primary" })} data-package-deposit="">
            {t("package.deposit")}
          </ModalLink>
        ) : null}
      </CloseActions>
    </div>
  );
}
