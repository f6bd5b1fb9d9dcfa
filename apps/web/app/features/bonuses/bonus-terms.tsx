// The terms of a bonus as a player reads them before accepting and while wagering: the wagering
// requirement, maximum bet, maximum conversion, what each kind of game contributes, the games it
// is played on and its deadlines. One component for the cards (the short list: money, games and
// contributions) and the bonus-condition and confirm-bonus modals (everything).
import type { BonusTerms } from "@playfair/contracts/bonus/templates";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { contributionRows, plainNumber } from "#app/features/bonus-data/bonus-format.ts";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { useMoneyFormat } from "#app/features/wallet/use-wallet.ts";

const KNOWN_CATEGORIES = ["slots", "table", "live", "instant", "crash", "card", "lottery", "default"] as const;
type KnownCategory = (typeof KNOWN_CATEGORIES)[number];
const isKnownCategory = (category: string): category is KnownCategory => (KNOWN_CATEGORIES as readonly string[]).includes(category);

export type TermsInput = {
  terms: BonusTerms;
  currency: string;
  /** The player bonus's own figures in its currency, when there is one; else read from the terms' maps. */
  maxBet?: string | null;
  maxConversion?: string | null;
  /** The bonus amount, to turn the conversion multiplier into money when no bonus exists yet. */
  amount?: string | null;
};

function Row({ term, children, data }: { term: string; children: ReactNode; data: string }) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 border-b border-border py-2 last:border-b-0" data-bonus-term={data}>
      <dt className="text-sm text-fg-muted">{term}</dt>
      <dd className="ms-auto text-end text-sm font-semibold text-fg">{children}</dd>
    </div>
  );
}

export function BonusTermsList({ input, full = false }: { input: TermsInput; full?: boolean }) {
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  const { terms, currency } = input;
  const maxBet = input.maxBet !== undefined ? input.maxBet : (terms.maxBet[currency] ?? null);
  const multiplier = plainNumber(terms.wageringMultiplier);
  const noWagering = Number(multiplier) === 0;
  const gameIds = terms.gameIds;
  return (
    <dl className="flex flex-col" data-bonus-terms="">
      <Row term={t("terms.wagering")} data="wagering">
        {noWagering ? t("terms.noWagering") : terms.wageringBase === "bonusAndDeposit" ? t("terms.wageringBonusAndDeposit", { multiplier }) : t("terms.wageringBonus", { multiplier })}
      </Row>
      <Row term={t("terms.maxBet")} data="max-bet">
        <bdi>{maxBet ? money(maxBet, currency) : t("terms.noLimit")}</bdi>
      </Row>
      <Row term={t("terms.maxConversion")} data="max-conversion">
        <MaxConversion input={input} />
      </Row>
      <Row term={t("terms.games")} data="games">
        {gameIds.length === 0 ? (
          t("terms.allGames")
        ) : gameIds.length === 1 ? (
          <LocalizedLink to={`/game/${encodeURIComponent(gameIds[0]!)}`} className="text-brand-fg underline-offset-4 hover:underline">
            {t("terms.oneGame")}
          </LocalizedLink>
        ) : (
          t("terms.severalGames", { count: gameIds.length })
        )}
      </Row>
      <Row term={t("terms.contributions")} data="contributions">
        <ul className="flex flex-col items-end gap-0.5">
          {contributionRows(terms).map((row) => (
            <li key={row.category}>{t("terms.contribution", { category: isKnownCategory(row.category) ? t(`terms.categories.${row.category}`) : row.category, percent: row.percent })}</li>
          ))}
        </ul>
      </Row>
      {full ? (
        <>
          <Row term={t("terms.minMultiplier")} data="min-multiplier">
            {t("terms.minMultiplierValue", { multiplier: plainNumber(terms.minMultiplier) })}
          </Row>
          <Row term={t("terms.product")} data="product">
            {t(`terms.products.${terms.product}`)}
          </Row>
          <Row term={t("terms.deadlines")} data="deadlines">
            {t("terms.deadlinesValue", { activation: terms.activationDays, wagering: terms.wageringDays })}
          </Row>
        </>
      ) : null}
    </dl>
  );
}

function MaxConversion({ input }: { input: TermsInput }) {
  const { t } = useTranslation("bonuses");
  const { money } = useMoneyFormat();
  if (input.maxConversion) return <bdi>{money(input.maxConversion, input.currency)}</bdi>;
  const multiplier = input.terms.maxConversionMultiplier;
  if (multiplier === null || input.maxConversion === null) return <>{t("terms.noLimit")}</>;
  return <>{t("terms.maxConversionMultiple", { multiplier: plainNumber(multiplier) })}</>;
}
