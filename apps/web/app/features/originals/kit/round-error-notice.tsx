import { useTranslation } from "react-i18next";
import { bonusMaxBetText } from "#app/features/wallet/bonus/bonus-max-bet.ts";
import { WalletModalLink } from "#app/features/wallet/wallet-pieces.tsx";
import type { OriginalRounds } from "./use-original-rounds.ts";

/** A refused round, said plainly: a deposit link for a short balance, the server's words for a refused stake. */
export function RoundErrorNotice({ rounds }: { rounds: Pick<OriginalRounds, "error" | "demo" | "dismissError"> }) {
  const { t } = useTranslation("originals");
  const { error } = rounds;
  if (!error || error.kind === "handled") return null;
  let text: string;
  switch (error.kind) {
    case "insufficientFunds":
      text = rounds.demo ? t("kit.errors.demoFundsSpent") : t("kit.errors.insufficientFunds");
      break;
    case "limit":
      text = t("kit.errors.limit");
      break;
    case "stake":
    case "refused":
      text = error.message;
      break;
    case "bonusMaxBet": {
      const maxBet = bonusMaxBetText();
      text = maxBet ? t("kit.errors.bonusMaxBet", { maxBet }) : error.message;
      break;
    }
    case "tooSoon":
      text = t("kit.errors.tooSoon");
      break;
    case "sessionEnded":
      text = t("kit.errors.sessionEnded");
      break;
    case "network":
      text = t("kit.errors.network");
      break;
    case "unknown":
      text = t("kit.errors.unknown");
      break;
  }
  return (
    <div role="alert" className="flex flex-wrap items-center gap-2 rounded-lg bg-error-soft px-3 py-2 text-sm text-error" data-round-error={error.kind}>
      <p className="min-w-0 flex-1">{text}</p>
      {error.kind === "insufficientFunds" && !rounds.demo && (
        <WalletModalLink direction="deposit" className="rounded-md bg-accent px-3 py-1.5 font-bold text-on-accent hover:bg-accent-hover focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none" data-round-deposit="">
          {t("kit.errors.deposit")}
        </WalletModalLink>
      )}
      <button type="button" className="rounded-md px-2 py-1 text-xs font-semibold underline focus-visible:ring-2 focus-visible:ring-focus focus-visible:outline-none" onClick={rounds.dismissError}>
        {t("kit.errors.dismiss")}
      </button>
    </div>
  );
}
