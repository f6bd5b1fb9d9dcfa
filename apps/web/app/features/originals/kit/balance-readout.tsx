import { useTranslation } from "react-i18next";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";
import type { OriginalRounds } from "./use-original-rounds.ts";

/** The balance the player stakes from: the demo's FUN, or the wallet balance the header shows. */
export function BalanceReadout({ rounds }: { rounds: Pick<OriginalRounds, "balance" | "currency" | "demo"> }) {
  const { t } = useTranslation("originals");
  const { money } = useMoneyFormat();
  return (
    <div className="flex items-center justify-between gap-3 rounded-lg bg-surface-muted px-3 py-2 text-sm" data-original-balance={rounds.demo ? "demo" : "real"}>
      <span className="text-fg-muted">{rounds.demo ? t("kit.balance.demo") : t("kit.balance.real")}</span>
      <output className="font-bold tabular-nums" aria-live="polite" data-balance-amount={rounds.balance ?? ""}>
        {rounds.balance === null ? "…" : money(rounds.balance, rounds.currency)}
      </output>
    </div>
  );
}
