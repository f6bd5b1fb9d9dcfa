import type { Currency } from "@playfair/contracts/settings";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { BallIcon, ChipIcon, GiftIcon, ShieldIcon, WalletIcon } from "#app/components/icons.tsx";
import { Container } from "#app/components/ui/container.tsx";
import { Card, Surface } from "#app/components/ui/surface.tsx";
import { cx } from "#app/lib/cx.ts";
import { i18nFor, type Language } from "#app/lib/i18n.ts";

// The home page's pillars and accepted currencies have no links and nothing to tap: they are
// rendered to HTML here, on the server, and the home page places that HTML as it is, so the
// browser gets neither their markup code nor their text (`pages.homeSections`, which no browser
// module names), which keeps the home page inside its JavaScript budget (ADR 010).

export type CurrencyChip = Pick<Currency, "code" | "type" | "symbol">;

type PillarKey = "casino" | "sportsbook" | "wallet" | "bonuses" | "responsible";

const PILLARS: Array<{ key: PillarKey; icon: (className: string) => ReactNode; tile: string; ink: string; layout: string }> = [
  {
    key: "casino",
    icon: (className) => <ChipIcon className={className} />,
    tile: "bg-ruby-500/10 text-ruby-600 dark:bg-ruby-400/15 dark:text-ruby-300",
    ink: "text-ruby-500 dark:text-ruby-300",
    layout: "lg:col-span-3",
  },
  {
    key: "sportsbook",
    icon: (className) => <BallIcon className={className} />,
    tile: "bg-brand-500/10 text-brand-700 dark:bg-brand-400/15 dark:text-brand-300",
    ink: "text-brand-500 dark:text-brand-300",
    layout: "lg:col-span-3",
  },
  {
    key: "wallet",
    icon: (className) => <WalletIcon className={className} />,
    tile: "bg-gold-400/20 text-gold-700 dark:bg-gold-400/15 dark:text-gold-300",
    ink: "text-gold-500 dark:text-gold-300",
    layout: "lg:col-span-2",
  },
  {
    key: "bonuses",
    icon: (className) => <GiftIcon className={className} />,
    tile: "bg-iris-500/10 text-iris-600 dark:bg-iris-400/15 dark:text-iris-300",
    ink: "text-iris-500 dark:text-iris-300",
    layout: "lg:col-span-2",
  },
  {
    key: "responsible",
    icon: (className) => <ShieldIcon className={className} />,
    tile: "bg-success-soft text-success",
    ink: "text-success",
    layout: "sm:col-span-2 lg:col-span-2",
  },
];

function sectionsText(language: Language) {
  return i18nFor(language).getFixedT(language, "pages", "homeSections");
}

type SectionsText = ReturnType<typeof sectionsText>;

function Pillars({ t }: { t: SectionsText }) {
  return (
    <section aria-labelledby="pillars-title" className="mt-16 sm:mt-24">
      <Container>
        <SectionHeading id="pillars-title" title={t("pillars.title")} subtitle={t("pillars.subtitle")} />
        <ul className="mt-8 grid gap-4 sm:mt-10 sm:grid-cols-2 lg:grid-cols-6">
          {PILLARS.map(({ key, icon, tile, ink, layout }) => (
            <Card as="li" key={key} className={cx("group relative overflow-hidden", layout)}>
              <div
                className={cx(
                  "pointer-events-none absolute -end-8 -top-8 opacity-[0.07] transition-transform duration-500 ease-snappy group-hover:scale-110 dark:opacity-[0.1]",
                  ink,
                )}
                aria-hidden="true"
              >
                {icon("size-36 stroke-[1.25]")}
              </div>
              <div className={cx("grid size-12 place-items-center rounded-lg", tile)}>{icon("size-6")}</div>
              <h3 className="mt-5 font-display text-lg font-bold tracking-tight">{t(`pillars.${key}.title`)}</h3>
              <p className="mt-2 text-[0.9375rem] leading-relaxed text-fg-muted">{t(`pillars.${key}.text`)}</p>
            </Card>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function Currencies({ currencies, t }: { currencies: readonly CurrencyChip[] | null; t: SectionsText }) {
  const groups = (["fiat", "crypto"] as const)
    .map((type) => ({ type, items: (currencies ?? []).filter((currency) => currency.type === type) }))
    .filter((group) => group.items.length > 0);
  return (
    <section aria-labelledby="currencies-title" className="mt-16 sm:mt-24">
      <Container>
        <Surface className="grid gap-8 p-6 shadow-card sm:p-10 lg:grid-cols-[1fr_1.6fr] lg:gap-12">
          <SectionHeading id="currencies-title" title={t("currencies.title")} subtitle={t("currencies.subtitle")} />
          {groups.length > 0 ? (
            <div className="flex flex-col gap-6">
              {groups.map(({ type, items }) => (
                <div key={type}>
                  <h3 className="text-xs font-bold tracking-wider text-fg-subtle uppercase">{t(`currencies.${type}`)}</h3>
                  <ul className="mt-3 flex flex-wrap gap-2" data-currency-group={type}>
                    {items.map((currency) => (
                      <CurrencyChipItem key={currency.code} currency={currency} />
                    ))}
                  </ul>
                </div>
              ))}
            </div>
          ) : (
            <p role="status" className="self-center rounded-lg bg-attention-soft px-4 py-3 text-sm text-attention">
              {t("currencies.unavailable")}
            </p>
          )}
        </Surface>
      </Container>
    </section>
  );
}

function CurrencyChipItem({ currency }: { currency: CurrencyChip }) {
  const showSymbol = currency.symbol !== currency.code;
  return (
    <li className={cx("currency-chip", showSymbol ? "ps-1.5" : "ps-4")}>
      {showSymbol && (
        <span
          aria-hidden="true"
          dir="ltr"
          className={cx(
            "currency-chip-badge",
            currency.type === "crypto" ? "bg-gold-400/20 text-gold-700 dark:bg-gold-400/15 dark:text-gold-300" : "bg-brand-soft text-brand-fg",
          )}
        >
          {currency.symbol}
        </span>
      )}
      <span className="currency-chip-code">{currency.code}</span>
    </li>
  );
}

function SectionHeading({ id, title, subtitle }: { id: string; title: string; subtitle: string }) {
  return (
    <div className="max-w-2xl">
      <h2 id={id} className="font-display text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">
        {title}
      </h2>
      <p className="mt-3 text-base leading-relaxed text-pretty text-fg-muted sm:text-lg">{subtitle}</p>
    </div>
  );
}

/** The pillars depend on the language alone: rendered once per language. */
const pillarsByLanguage = new Map<Language, string>();

/**
 * The HTML of the home page's sections below the carousels, in a language: the pillars and the
 * accepted currencies (a notice when the list could not be read, `currencies` null).
 */
export function renderHomeSections(currencies: readonly CurrencyChip[] | null, language: Language): string {
  const t = sectionsText(language);
  let pillars = pillarsByLanguage.get(language);
  if (pillars === undefined) {
    pillars = renderToStaticMarkup(<Pillars t={t} />);
    pillarsByLanguage.set(language, pillars);
  }
  return pillars + renderToStaticMarkup(<Currencies currencies={currencies} t={t} />);
}
