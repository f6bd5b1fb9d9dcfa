import { buildSportPath } from "@playfair/contracts/sport/sport-paths";
import { BetSlip, MobileSlip } from "./components/bet-slip.tsx";
import { RouterLink } from "./components/router-link.tsx";
import { Empty } from "./components/states.tsx";
import { directionOf } from "./i18n.ts";
import { BetsScreen } from "./screens/bets-screen.tsx";
import { EventScreen } from "./screens/event-screen.tsx";
import { HomeScreen } from "./screens/home-screen.tsx";
import { LiveScreen } from "./screens/live-screen.tsx";
import { SearchScreen } from "./screens/search-screen.tsx";
import { SettingsScreen } from "./screens/settings-screen.tsx";
import { SportScreen } from "./screens/sport-screen.tsx";
import { viewOf, type WidgetView } from "./views.ts";
import { useLocale, useT, useWidgetState } from "./widget-context.tsx";

function Screen({ view }: { view: WidgetView }) {
  const t = useT();
  switch (view.screen) {
    case "home":
      return <HomeScreen />;
    case "live":
      return <LiveScreen sportId={view.sportId} />;
    case "sport":
      return <SportScreen key={view.sportId} target={view} />;
    case "event":
      return <EventScreen key={view.eventId} eventId={view.eventId} />;
    case "bets":
      return <BetsScreen settled={view.settled} />;
    case "search":
      return <SearchScreen />;
    case "settings":
      return <SettingsScreen />;
    case "virtual":
      return <Empty>{t("virtual.empty")}</Empty>;
    case "notFound":
      return <Empty>{t("events.empty")}</Empty>;
  }
}

type Tab = { label: string; path: string; active: boolean };

/** The main widget: its section tabs, the current screen, and the bet slip beside it (below it on phones). */
export function SportsbookApp() {
  const t = useT();
  const locale = useLocale();
  const { path, theme } = useWidgetState();
  const view = viewOf(path, locale);
  const tabs: Tab[] = [
    { label: t("nav.sports"), path: buildSportPath({}, locale), active: view.screen === "home" || view.screen === "sport" || view.screen === "event" },
    { label: t("nav.live"), path: buildSportPath({ page: "live" }, locale), active: view.screen === "live" },
    { label: t("nav.myBets"), path: buildSportPath({ page: "betHistory" }, locale), active: view.screen === "bets" },
    { label: t("nav.search"), path: buildSportPath({ page: "search" }, locale), active: view.screen === "search" },
    { label: t("nav.settings"), path: buildSportPath({ page: "settings" }, locale), active: view.screen === "settings" },
  ];
  return (
    <div className="sb-root sb:text-fg" data-sb-theme={theme} dir={directionOf(locale)} lang={locale}>
      {/* The tabs wrap onto a second line on a narrow phone rather than hiding the last ones. */}
      <nav aria-label={t("app.label")} className="sb:mb-3">
        <ul className="sb:flex sb:flex-wrap sb:gap-x-1 sb:border-b sb:border-border">
          {tabs.map((tab) => (
            <li key={tab.path}>
              <RouterLink
                to={tab.path}
                current={tab.active}
                className={`sb:inline-flex sb:min-h-11 sb:items-center sb:whitespace-nowrap sb:border-b-2 sb:px-2.5 sb:text-sm sb:sm:px-3 sb:font-semibold ${tab.active ? "sb:border-brand sb:text-brand-fg" : "sb:border-transparent sb:text-fg-muted sb:hover:text-fg"}`}
              >
                {tab.label}
              </RouterLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="sb:grid sb:grid-cols-1 sb:gap-4 sb:lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="sb:min-w-0">
          <Screen view={view} />
        </div>
        <aside className="sb:hidden sb:lg:block">
          <div className="sb:sticky sb:top-20 sb:rounded-xl sb:border sb:border-border sb:bg-surface sb:p-4 sb:shadow-card">
            <BetSlip headingId="sb-slip-side" />
          </div>
        </aside>
      </div>
      <MobileSlip />
    </div>
  );
}
