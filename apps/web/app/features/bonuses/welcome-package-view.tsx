// The welcome package page's content: the four deposit steps with each step's offer and terms,
// and for a signed-in player which deposits are done, which comes next and which bonus of the
// package is active. Visitors see the same steps and a call to sign up.
import type { WelcomePackage } from "@playfair/contracts/bonus/player-bonuses";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { useTranslation } from "react-i18next";
import { usePlayerBonuses, useWelcomePackage } from "#app/features/bonus-data/bonus-api.ts";
import { plainNumber } from "#app/features/bonus-data/bonus-format.ts";
import { rememberBonusTarget } from "./bonus-target.ts";
import { WageringProgress } from "./wagering-progress.tsx";
import { CheckIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import { ModalLink } from "#app/features/modals/modal-link.tsx";
import { useModal } from "#app/features/modals/use-modal.ts";
import { useMoneyFormat, useWalletAccounts } from "#app/features/wallet/use-wallet.ts";
import { selectedAccount } from "#app/features/wallet/wallet-accounts.ts";
import { cx } from "#app/lib/cx.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";

/** The currency the steps are shown in: the player's selected account's, else the site's first (the server decides). */
function useDisplayCurrency(): string | undefined {
  const accounts = useWalletAccounts();
  return selectedAccount(accounts.data)?.currency;
}

export function WelcomePackageView() {
  const { t } = useTranslation("bonuses");
  const signedIn = isSignedIn(useSession());
  const currency = useDisplayCurrency();
  const welcome = useWelcomePackage(currency);
  if (welcome.isPending) {
    return (
      <div aria-busy="true" className="grid gap-4 sm:grid-cols-2">
        <span className="sr-only">{t("overview.loading")}</span>
        {[1, 2, 3, 4].map((step) => (
          <Skeleton key={step} className="h-56 w-full rounded-xl" />
        ))}
      </div>
    );
  }
  if (welcome.isError || !welcome.data) {
    return (
      <EmptyState
        title={welcome.isError ? t("overview.failed") : t("package.none.title")}
        description={welcome.isError ? undefined : t("package.none.description")}
        action={
          welcome.isError ? (
            <Button variant="secondary" onClick={() => void welcome.refetch()}>
              {t("actions.retry")}
            </Button>
          ) : (
            <LocalizedLink to="/bonus/welcome-bonus" className={buttonClassName({ variant: "secondary" })}>
              {t("package.howItWorks")}
            </LocalizedLink>
          )
        }
      />
    );
  }
  return (
    <div className="flex flex-col gap-6" data-welcome-package={welcome.data.id}>
      {signedIn ? <PackageProgress welcome={welcome.data} /> : <GuestCall />}
      <ol className="grid gap-4 sm:grid-cols-2" aria-label={t("package.stepsLabel")}>
        {welcome.data.steps.map((step) => (
          <StepCard key={step.step} step={step} currency={currency ?? step.template.triggerConditions.invoiceAmountItems[0]?.currency ?? ""} signedIn={signedIn} />
        ))}
      </ol>
    </div>
  );
}

function GuestCall() {
  const { t } = useTranslation("bonuses");
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-xl border border-brand/25 bg-brand-soft p-4 sm:p-5" data-welcome-guest="">
      <p className="max-w-prose text-pretty text-fg">{t("package.guest")}</p>
      <div className="flex flex-wrap gap-2">
        <ModalLink modal="sign-up" className={buttonClassName({ variant: "primary" })}>
          {t("package.signUp")}
        </ModalLink>
        <ModalLink modal="sign-in" className={buttonClassName({ variant: "secondary" })}>
          {t("package.signIn")}
        </ModalLink>
      </div>
    </div>
  );
}

/** Deposits done so far and the package bonus being wagered now, if any. */
function PackageProgress({ welcome }: { welcome: WelcomePackage }) {
  const { t } = useTranslation("bonuses");
  const bonuses = usePlayerBonuses();
  const done = welcome.steps.filter((step) => step.state === "done").length;
  const active = bonuses.data?.find((bonus) => bonus.packageId === welcome.id && bonus.status === PLAYER_BONUS_STATUS.active) ?? null;
  return (
    <section className="flex flex-col gap-3 rounded-xl border border-border bg-surface p-4 shadow-card sm:p-5" aria-labelledby="welcome-progress" data-welcome-progress={done}>
      <h2 id="welcome-progress" className="font-display text-base font-bold text-fg">
        {t("package.progress", { done, total: welcome.steps.length })}
      </h2>
      <div className="flex gap-1.5" aria-hidden="true">
        {welcome.steps.map((step) => (
          <span key={step.step} className={cx("h-2 flex-1 rounded-full", step.state === "done" ? "bg-success" : step.state === "next" ? "bg-brand/35" : "bg-surface-muted ring-1 ring-border ring-inset")} />
        ))}
      </div>
      {active ? (
        <div className="flex flex-col gap-2" data-welcome-active={active.id}>
          <p className="text-sm text-fg-muted">{t("package.activeBonus", { title: active.title })}</p>
          <WageringProgress wagered={active.wagering.wagered} required={active.wagering.required} currency={active.currency} />
        </div>
      ) : null}
    </section>
  );
}

type Step = WelcomePackage["steps"][number];

function StepCard({ step, currency, signedIn }: { step: Step; currency: string; signedIn: boolean }) {
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  const { openModal } = useModal();
  const offer = step.template;
  const max = offer.maxAmount;
  const tone = step.state === "done" ? "success" : step.state === "next" ? "brand" : "neutral";
  return (
    <li className={cx("flex flex-col gap-3 rounded-xl border bg-surface p-4 shadow-card sm:p-5", step.state === "next" ? "border-brand" : "border-border")} data-welcome-step={step.step} data-welcome-step-state={step.state}>
      <div className="flex items-center justify-between gap-3">
        <span className="grid size-9 place-items-center rounded-full bg-brand-soft font-display font-bold text-brand-fg" aria-hidden="true">
          {step.state === "done" ? <CheckIcon className="size-4" /> : step.step}
        </span>
        {signedIn ? <Badge tone={tone}>{t(`package.states.${step.state}`)}</Badge> : null}
      </div>
      <div>
        <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("package.stepOf", { step: step.step })}</p>
        <h3 className="mt-0.5 font-display text-lg font-bold tracking-tight text-fg">{offer.title}</h3>
      </div>
      <p className="font-display text-2xl font-extrabold text-fg">
        {t("package.headline", { percent: plainNumber(offer.percent), max: money(max, currency) })}
      </p>
      <ul className="flex flex-col gap-1 text-sm text-fg-muted">
        <li>{t("package.minDeposit", { min: money(offer.minDeposit, currency) })}</li>
        <li>{Number(offer.terms.wageringMultiplier) === 0 ? t("terms.noWagering") : t("terms.wageringBonus", { multiplier: plainNumber(offer.terms.wageringMultiplier) })}</li>
        <li>{t("package.days", { days: offer.terms.wageringDays })}</li>
      </ul>
      <div className="mt-auto flex flex-wrap gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            rememberBonusTarget({ kind: "packageStep", step: step.step, currency });
            openModal("package-bonus");
          }}
          data-welcome-step-terms=""
        >
          {t("package.terms")}
        </Button>
        {signedIn && step.state === "next" ? (
          <ModalLink modal="wallet" value="deposit" className={buttonClassName({ variant: "primary", size: "sm" })} data-welcome-deposit="">
            {t("package.deposit")}
          </ModalLink>
        ) : null}
      </div>
    </li>
  );
}
