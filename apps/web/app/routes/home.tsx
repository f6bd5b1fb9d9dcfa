import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/home";
import { ArrowEndIcon, CheckIcon } from "#app/components/icons.tsx";
import { LocalizedLink } from "#app/components/localized-link.tsx";
import { buttonClassName } from "#app/components/ui/button.tsx";
import { translatedOnce } from "#app/components/translated-once.ts";
import { Container } from "#app/components/ui/container.tsx";
import { i18nFor, type Language } from "#app/lib/i18n.ts";
import { loadHome } from "#app/routes/shared/home-data.server.ts";
import type { HomeData } from "#app/routes/shared/home-data.server.ts";
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
  const { currencyCount, sportCarousels, sections } = data;
  const carouselsRef = useRef<HTMLDivElement>(null);
  // The server wrote the start times in UTC; each new HTML gets them in the visitor's zone.
  useEffect(() => {
    if (carouselsRef.current) showLocalStartTimes(carouselsRef.current);
  }, [sportCarousels]);
  return (
    <>
      <Hero currencyCount={currencyCount} />
      {/* Server-rendered HTML (features/sport-home); its only script is the start times' rewrite above. */}
      {sportCarousels !== null && <div ref={carouselsRef} dangerouslySetInnerHTML={{ __html: sportCarousels }} />}
      {/* Server-rendered HTML (routes/shared/home-sections.server.tsx): the pillars and the accepted currencies. */}
      <div dangerouslySetInnerHTML={{ __html: sections }} />
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

// Opening or closing a modal changes only the query string: the page data stays valid.
export const shouldRevalidate = revalidateUnlessOnlyModalsChanged;
