// Spec 2.4 wallet-bonus-info: what the bonus part of the balance is. Bonus money plays like cash
// but only cash can be withdrawn; the active bonus's wagering turns bonus money into cash. Opened
// from the wallet overview's bonus part and the header balance.
import type { PlayerBonus } from "@playfair/contracts/bonus/player-bonuses";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import { PLAYER_BONUS_STATUS } from "@playfair/contracts/constants";
import { useTranslation } from "react-i18next";
import { selectedAccount } from "../wallet-accounts.ts";
import { formatDateTime } from "../wallet-format.ts";
import { useMoneyFormat, usePlayerId, useWalletAccounts } from "../use-wallet.ts";
import { BonusProgressBar } from "./bonus-progress-bar.tsx";
import { gameScopeOf } from "./bonus-progress.ts";
import { activeBonusIn, usePlayerBonuses } from "#app/features/bonus-data/bonus-api.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { Skeleton } from "#app/components/ui/skeleton.tsx";
import type { ModalContentProps } from "#app/features/modals/modal-content-table.ts";

export default function WalletBonusInfoModal({ close }: ModalContentProps) {
  const { t } = useTranslation("wallet");
  const playerId = usePlayerId();
  const accounts = useWalletAccounts();
  const bonuses = usePlayerBonuses();
  if (!playerId) return <p className="py-4 text-center text-fg-muted">{t("bonus.info.signedOut")}</p>;
  const account = selectedAccount(accounts.data);
  if (accounts.isPending || bonuses.isPending) {
    return (
      <div className="flex flex-col gap-3" aria-busy="true">
        <p className="sr-only">{t("common.loading")}</p>
        <Skeleton className="h-20" />
        <Skeleton className="h-32" />
      </div>
    );
  }
  const active = account ? activeBonusIn(bonuses.data, account.currency) : null;
  const waiting = (bonuses.data ?? []).filter((bonus) => bonus.status === PLAYER_BONUS_STATUS.issued).length;
  return (
    <div className="flex flex-col gap-5" data-wallet-bonus-info="">
      <p className="text-sm text-pretty text-fg-muted">{t("bonus.info.intro")}</p>
      {account ? <BalanceSplit account={account} /> : null}
      {active ? (
        <ActiveBonus bonus={active} />
      ) : (
        <p className="rounded-xl border border-dashed border-border-strong px-4 py-4 text-center text-sm text-fg-muted" data-no-active-bonus="">
          {account ? t("bonus.info.noActive", { currency: account.currency }) : t("bonus.info.noActiveAny")}
        </p>
      )}
      {bonuses.isError ? (
        <p role="alert" className="text-sm text-error">
          {t("bonus.info.loadFailed")}
        </p>
      ) : null}
      {waiting > 0 ? <p className="text-sm font-semibold text-brand-fg">{t("bonus.info.waiting", { count: waiting })}</p> : null}
      <div className="flex flex-wrap gap-2">
        <LocalizedLink to="/bonuses" onClick={close} className={buttonClassName({ variant: "primary", className: "flex-1" })} data-bonus-info-bonuses="">
          {t("bonus.info.allBonuses")}
        </LocalizedLink>
        <LocalizedLink to="/wallet/history?tab=bonuses" onClick={close} className={buttonClassName({ variant: "secondary", className: "flex-1" })}>
          {t("bonus.info.history")}
        </LocalizedLink>
      </div>
    </div>
  );
}

/** Playable = cash + bonus; withdrawable = cash. Said with the player's own figures. */
function BalanceSplit({ account }: { account: WalletAccount }) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  return (
    <dl className="grid grid-cols-1 gap-2 xs:grid-cols-3" data-balance-split={account.currency}>
      <Part label={t("bonus.info.playable")} value={money(account.balance, account.currency)} note={t("bonus.info.playableNote")} strong />
      <Part label={t("bonus.info.withdrawable")} value={money(account.cash, account.currency)} note={t("bonus.info.withdrawableNote")} />
      <Part label={t("overview.bonus")} value={money(account.bonus, account.currency)} note={t("bonus.info.bonusNote")} />
    </dl>
  );
}

function Part({ label, value, note, strong = false }: { label: string; value: string; note: string; strong?: boolean }) {
  return (
    <div className="rounded-lg bg-surface-muted px-3.5 py-2.5">
      <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{label}</dt>
      <dd className={strong ? "mt-0.5 font-display text-lg font-bold" : "mt-0.5 font-semibold"}>
        <span dir="ltr">{value}</span>
      </dd>
      <dd className="mt-0.5 text-xs text-fg-muted">{note}</dd>
    </div>
  );
}

function ActiveBonus({ bonus }: { bonus: PlayerBonus }) {
  const { t, i18n } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const scope = gameScopeOf(bonus);
  return (
    <section aria-labelledby="active-bonus-heading" className="flex flex-col gap-3 rounded-xl border border-brand/25 bg-brand-soft/40 p-4" data-active-bonus={bonus.id}>
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 id="active-bonus-heading" className="font-display text-base font-bold">
          {bonus.title}
        </h3>
        <span className="text-sm font-semibold" dir="ltr">
          {money(bonus.balance, bonus.currency)}
        </span>
      </div>
      <BonusProgressBar bonus={bonus} />
      <dl className="flex flex-col gap-1.5 text-sm">
        <Fact label={t("bonus.info.maxBet")} value={bonus.maxBet ? money(bonus.maxBet, bonus.currency) : t("bonus.info.noMaxBet")} data="max-bet" />
        <Fact label={t("bonus.info.expires")} value={formatDateTime(bonus.expiresAt, i18n.language)} data="expires" />
        <Fact
          label={t("bonus.info.games")}
          value={scope === "all" ? t("bonus.scope.all") : scope === "one" ? t("bonus.scope.one") : t("bonus.scope.several", { count: bonus.wagerCasinoConditions.gameIds.length })}
          data="games"
        />
        {bonus.maxConversion ? <Fact label={t("bonus.info.maxConversion")} value={money(bonus.maxConversion, bonus.currency)} data="max-conversion" /> : null}
      </dl>
    </section>
  );
}

function Fact({ label, value, data }: { label: string; value: string; data: string }) {
  return (
    <div className="flex items-baseline justify-between gap-3" data-bonus-fact={data}>
      <dt className="text-fg-muted">{label}</dt>
      <dd className="text-end font-semibold">
        <span dir="ltr">{value}</span>
      </dd>
    </div>
  );
}
