import type { ReactNode } from "react";
import { Container } from "#app/components/ui/container.tsx";
import type { CarouselCard, CarouselKind, CardPrice } from "./carousel-cards.ts";
import { Crest } from "./crest.tsx";

// The home page's sport carousels: server-rendered HTML with no script of their own. Each is a
// list that scrolls sideways with scroll snapping; every card is one link into the sportsbook.

/** Everything the carousels say, already in the page's language. */
export type CarouselText = {
  title: Record<CarouselKind, string>;
  seeAll: Record<CarouselKind, string>;
  seeAllHref: Record<CarouselKind, string>;
  live: string;
  /** The time zone the start times are written in. */
  timeZone: string;
  matchResult: string;
  priceUnavailable: string;
  sportName(sportId: number): string;
  versus(home: string, away: string): string;
  score(home: number, away: number): string;
  minute(minute: number): string;
  /** An event's start in the spec's sportsbook date formats. */
  startTime(iso: string): string;
};

export type SportCarouselsProps = {
  carousels: { kind: CarouselKind; cards: CarouselCard[] }[];
  text: CarouselText;
};

/** The carousels that have events; nothing at all when none has. */
export function SportCarousels({ carousels, text }: SportCarouselsProps) {
  return carousels
    .filter((carousel) => carousel.cards.length > 0)
    .map((carousel) => <Carousel key={carousel.kind} kind={carousel.kind} cards={carousel.cards} text={text} />);
}

function Carousel({ kind, cards, text }: { kind: CarouselKind; cards: CarouselCard[]; text: CarouselText }) {
  const titleId = `sport-${kind}-title`;
  return (
    <section aria-labelledby={titleId} data-sport-carousel={kind} className="mt-12 sm:mt-16">
      <Container>
        <div className="flex items-end justify-between gap-4">
          <h2 id={titleId} className="font-display text-2xl font-extrabold tracking-tight text-balance sm:text-3xl">
            {text.title[kind]}
          </h2>
          <a href={text.seeAllHref[kind]} className="rail-see-all">
            {text.seeAll[kind]}
          </a>
        </div>
        <ul
          aria-labelledby={titleId}
          className="-mx-4 mt-5 flex snap-x snap-mandatory scroll-px-4 gap-3 overflow-x-auto overscroll-x-contain px-4 pt-1 pb-3 sm:-mx-6 sm:scroll-px-6 sm:px-6 lg:-mx-8 lg:scroll-px-8 lg:px-8"
        >
          {cards.map((card) => (
            <EventCard key={card.eventId} kind={kind} card={card} text={text} />
          ))}
        </ul>
      </Container>
    </section>
  );
}

function EventCard({ kind, card, text }: { kind: CarouselKind; card: CarouselCard; text: CarouselText }) {
  const idBase = `sport-${kind}-${card.eventId}`;
  const nameId = `${idBase}-name`;
  const detailsId = `${idBase}-details`;
  const pricesId = `${idBase}-prices`;
  const marketId = `${idBase}-market`;
  const name = card.home && card.away ? text.versus(card.home.name, card.away.name) : card.eventName;
  return (
    <li aria-labelledby={nameId} className="flex w-[16.5rem] shrink-0 snap-start">
      <a
        href={card.href}
        aria-labelledby={nameId}
        aria-describedby={card.prices ? `${detailsId} ${marketId} ${pricesId}` : detailsId}
        className="group relative flex w-full flex-col overflow-hidden rounded-xl border border-border bg-surface shadow-card outline-none transition-colors hover:border-border-strong focus-visible:ring-2 focus-visible:ring-focus focus-visible:ring-offset-2 focus-visible:ring-offset-canvas"
      >
        <span id={nameId} className="sr-only">
          {name}
        </span>
        {card.prices && (
          <span id={marketId} className="sr-only">
            {text.matchResult}
          </span>
        )}
        <div className="relative h-16 overflow-hidden bg-stage">
          <img src={card.artwork} alt="" width={264} height={64} loading="lazy" decoding="async" className="absolute inset-0 size-full object-cover rtl:-scale-x-100" />
          <p className="relative flex items-center gap-2 px-3 pt-2.5 text-xs font-bold tracking-wide text-on-stage uppercase">
            <span className="truncate">{text.sportName(card.sportId)}</span>
            {card.live && (
              <span className="ms-auto inline-flex items-center gap-1.5 rounded-full bg-ruby-600 px-2 py-0.5 text-white">
                <span className="size-1.5 rounded-full bg-white" aria-hidden="true" />
                {text.live}
              </span>
            )}
          </p>
        </div>
        <div className="flex flex-1 flex-col gap-3 p-3.5">
          <p className="truncate text-xs text-fg-muted">
            {card.categoryName} · {card.championshipName}
          </p>
          {card.home && card.away ? (
            <div className="flex flex-col gap-1.5 text-sm font-semibold text-fg" aria-hidden="true">
              <TeamRow crestId={`${idBase}-home`} team={card.home} score={card.live?.score?.home} />
              <TeamRow crestId={`${idBase}-away`} team={card.away} score={card.live?.score?.away} />
            </div>
          ) : (
            <p className="line-clamp-2 text-sm font-semibold text-fg" aria-hidden="true">
              {card.eventName}
            </p>
          )}
          <p id={detailsId} className="text-xs text-fg-muted">
            {card.live ? <LiveDetails live={card.live} text={text} /> : <StartTime iso={card.startsAt} text={text} />}
          </p>
          {card.prices && <Prices id={pricesId} prices={card.prices} text={text} />}
        </div>
      </a>
    </li>
  );
}

function TeamRow({ crestId, team, score }: { crestId: string; team: NonNullable<CarouselCard["home"]>; score: number | undefined }) {
  return (
    <span className="flex items-center gap-2">
      <Crest id={crestId} crest={team.crest} />
      <span className="min-w-0 flex-1 truncate">{team.name}</span>
      {score !== undefined && <span className="font-display font-extrabold tabular-nums">{score}</span>}
    </span>
  );
}

function LiveDetails({ live, text }: { live: NonNullable<CarouselCard["live"]>; text: CarouselText }) {
  // The badge on the artwork shows "Live"; here it is only spoken, as the card's description.
  const parts: ReactNode[] = [<span key="live" className="sr-only">{text.live}</span>];
  if (live.minute !== null) parts.push(<span key="minute" className="tabular-nums">{text.minute(live.minute)}</span>);
  if (live.score) {
    parts.push(
      <span key="score" className="sr-only">
        {text.score(live.score.home, live.score.away)}
      </span>,
    );
  }
  return <span className="inline-flex items-center gap-2">{parts}</span>;
}

/**
 * Written in UTC, named as such: the browser rewrites it in the visitor's own zone and hides the
 * zone's name (local-start-times.ts); a page without script keeps the UTC time.
 */
function StartTime({ iso, text }: { iso: string; text: CarouselText }) {
  return (
    <>
      <time dateTime={iso} dir="ltr" data-start-time="" className="font-semibold text-fg tabular-nums">
        {text.startTime(iso)}
      </time>{" "}
      <span data-start-zone="">{text.timeZone}</span>
    </>
  );
}

function Prices({ id, prices, text }: { id: string; prices: CardPrice[]; text: CarouselText }) {
  return (
    <dl id={id} className="mt-auto grid grid-flow-col auto-cols-fr gap-1.5 text-sm">
      {prices.map((price) => (
        <div key={price.outcome} className="flex items-center justify-between gap-1 rounded-md bg-surface-muted px-2 py-1.5">
          <dt className="font-semibold text-fg-subtle">{price.outcome}</dt>
          <dd className="font-bold text-fg tabular-nums">
            {price.odds ?? (
              <>
                <span aria-hidden="true">–</span>
                <span className="sr-only">{text.priceUnavailable}</span>
              </>
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}
