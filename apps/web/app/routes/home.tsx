import { useEffect, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/home";
import { ArrowEndIcon, BallIcon, CheckIcon, ChipIcon, GiftIcon, ShieldIcon, WalletIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { translatedOnce } from "#app/components/translated-once.ts";
import { Container } from "#app/components/ui/container.tsx";
import { Card, Surface } from "#app/components/ui/surface.tsx";
import { cx } from "#app/lib/cx.ts";
import { i18nFor, type Language } from "#app/lib/i18n.ts";
import { loadHome } from "#app/routes/shared/home-data.server.ts";
import type { CurrencyChip, HomeData } from "#app/routes/shared/home-data.server.ts";
import { languageFromParams, metaLanguage } from "#app/routes/shared/page-language.ts";
import { showLocalStartTimes } from "#app/features/sport-home/local-start-times.ts";
import { revalidateUnlessOnlyModalsChanged } from "#app/features/modals/modal-address.ts";
import { isSignedIn, useSession } from "#app/lib/session.tsx";

export const meta: Route.MetaFunction = ({ params }) => homeMeta(metaLanguage(params));

/** The home page's title and description in a language (also used by the `/:locale` dispatcher). */
export function homeMeta(language: Language) {
  const { t } = i18nFor(language);
  return [{ title: t("meta.title") }, { name: "description", content: t("meta.description") }];
}

export async function loader({ context, params, request }: Route.LoaderArgs) {
  return loadHome({ context, language: languageFromParams(params), request });
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return <HomeView data={loaderData} />;
}

/** The landing page; rendered by this route and by the `/:locale` dispatcher. */
export function HomeView({ data }: { data: HomeData }) {
  const { currencies, sportCarousels } = data;
  const carouselsRef = useRef<HTMLDivElement>(null);
  // The server wrote the start times in UTC; each new HTML gets them in the visitor's zone.
  useEffect(() => {
    if (carouselsRef.current) showLocalStartTimes(carouselsRef.current);
  }, [sportCarousels]);
  return (
    <>
      <Hero currencyCount={currencies?.length ?? 0} />
      {/* Server-rendered HTML (features/sport-home); its only script is the start times' rewrite above. */}
      {sportCarousels !== null && <div ref={carouselsRef} dangerouslySetInnerHTML={{ __html: sportCarousels }} />}
      <Pillars />
      <Currencies currencies={currencies} />
    </>
  );
}

function Hero({ currencyCount }: { currencyCount: number }) {
  const { t, i18n } = useTranslation();
  const signedIn = isSignedIn(useSession());
  // Fixed text: translated once per language rather than on every server render.
  const text = translatedOnce(i18n, "common:home-hero", () => ({
    eyebrow: t("home.hero.eyebrow"),
    title: t("home.hero.title"),
    titleAccent: t("home.hero.titleAccent"),
    subtitle: t("home.hero.subtitle"),
    signUp: t("home.hero.signUp"),
    exploreGames: t("home.hero.exploreGames"),
    pointOneAccount: t("home.hero.pointOneAccount"),
    pointLimits: t("home.hero.pointLimits"),
  }));
  const points = [
    text.pointOneAccount,
    ...(currencyCount > 0 ? [t("home.hero.pointCurrencies", { count: currencyCount })] : []),
    text.pointLimits,
  ];
  return (
    <section aria-labelledby="hero-title" className="pt-4 sm:pt-8">
      <Container>
        <div className="bg-stage-gradient relative isolate overflow-hidden rounded-2xl text-on-stage shadow-raised ring-1 ring-white/10 ring-inset">
          <div className="grid items-center gap-6 px-5 pt-9 pb-4 sm:px-10 sm:pt-12 lg:grid-cols-[1.1fr_1fr] lg:gap-4 lg:py-10 lg:ps-14 lg:pe-8">
            <div className="flex flex-col items-start">
              <p className="inline-flex items-center gap-2 rounded-full border border-white/15 bg-white/10 px-3 py-1 text-xs font-semibold tracking-wide text-on-stage-muted uppercase">
                <span className="size-1.5 rounded-full bg-brand-300" aria-hidden="true" />
                {text.eyebrow}
              </p>
              <h1
                id="hero-title"
                className="mt-5 font-display text-4xl leading-[1.05] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
              >
                <span className="block">{text.title}</span>{" "}
                <span className="text-gradient-brand block">{text.titleAccent}</span>
              </h1>
              <p className="mt-5 max-w-xl text-base leading-relaxed text-pretty text-on-stage-muted sm:text-lg">
                {text.subtitle}
              </p>
              <div className="mt-8 flex w-full flex-col gap-3 xs:w-auto xs:flex-row">
                {!signedIn && (
                  <LocalizedLink to="/?sign-up=true" className={buttonClassName({ variant: "accent", size: "lg" })}>
                    {text.signUp}
                  </LocalizedLink>
                )}
                <LocalizedLink to="/games" className={buttonClassName({ variant: signedIn ? "accent" : "glass", size: "lg" })}>
                  {text.exploreGames}
                  <ArrowEndIcon className="size-4" />
                </LocalizedLink>
              </div>
              <ul className="mt-8 flex flex-col gap-2.5 text-sm text-on-stage-muted sm:flex-row sm:flex-wrap sm:gap-x-6">
                {points.map((point) => (
                  <li key={point} className="flex items-center gap-2">
                    <CheckIcon className="size-4 text-brand-300" />
                    {point}
                  </li>
                ))}
              </ul>
            </div>
            <img
              src="/art/hero.svg"
              alt=""
              width={600}
              height={480}
              fetchPriority="high"
              className="mx-auto w-full max-w-[22rem] select-none sm:max-w-md lg:max-w-none"
              draggable={false}
            />
          </div>
        </div>
      </Container>
    </section>
  );
}

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

function Pillars() {
  const { t, i18n } = useTranslation();
  // Fixed text: translated once per language rather than on every server render.
  const text = translatedOnce(i18n, "common:home-pillars", () => ({
    title: t("home.pillars.title"),
    subtitle: t("home.pillars.subtitle"),
    pillars: Object.fromEntries(
      PILLARS.map(({ key }) => [key, { title: t(`home.pillars.${key}.title`), text: t(`home.pillars.${key}.text`) }]),
    ) as Record<PillarKey, { title: string; text: string }>,
  }));
  return (
    <section aria-labelledby="pillars-title" className="mt-16 sm:mt-24">
      <Container>
        <SectionHeading id="pillars-title" title={text.title} subtitle={text.subtitle} />
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
              <h3 className="mt-5 font-display text-lg font-bold tracking-tight">{text.pillars[key].title}</h3>
              <p className="mt-2 text-[0.9375rem] leading-relaxed text-fg-muted">{text.pillars[key].text}</p>
            </Card>
          ))}
        </ul>
      </Container>
    </section>
  );
}

function Currencies({ currencies }: { currencies: CurrencyChip[] | null }) {
  const { t } = useTranslation();
  const groups = (["fiat", "crypto"] as const)
    .map((type) => ({ type, items: (currencies ?? []).filter((currency) => currency.type === type) }))
    .filter((group) => group.items.length > 0);
  return (
    <section aria-labelledby="currencies-title" className="mt-16 sm:mt-24">
      <Container>
        <Surface className="grid gap-8 p-6 shadow-card sm:p-10 lg:grid-cols-[1fr_1.6fr] lg:gap-12">
          <SectionHeading
            id="currencies-title"
            title={t("home.currencies.title")}
            subtitle={t("home.currencies.subtitle")}
          />
          {groups.length > 0 ? (
            <div className="flex flex-col gap-6">
              {groups.map(({ type, items }) => (
                <div key={type}>
                  <h3 className="text-xs font-bold tracking-wider text-fg-subtle uppercase">
                    {t(`home.currencies.${type}`)}
                  </h3>
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
              {t("home.currencies.unavailable")}
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
    <li
      className={cx("currency-chip", showSymbol ? "ps-1.5" : "ps-4")}
    >
      {showSymbol && (
        <span
          aria-hidden="true"
          dir="ltr"
          className={cx(
            "currency-chip-badge",
            currency.type === "crypto"
              ? "bg-gold-400/20 text-gold-700 dark:bg-gold-400/15 dark:text-gold-300"
              : "bg-brand-soft text-brand-fg",
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

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
