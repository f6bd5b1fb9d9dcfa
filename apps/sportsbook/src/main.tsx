import { createRoot } from "react-dom/client";
import { createSportsbookApi } from "./api.ts";
import { SportsbookApp } from "./app.tsx";
import { createRealtime, realtimeEndpoint } from "./realtime.ts";
import { createSlipStore } from "./slip-store.ts";
import { createSportsbook } from "./sportsbook-host.ts";
import { WidgetProvider, type WidgetServices } from "./widget-context.tsx";
import "./sportsbook.css";

/**
 * The widget's script: it puts its API on `window.PlayfairSportsbook` and waits for the site to
 * start it (spec 4). One slip and one realtime client serve every widget the site adds.
 */
if (!window.PlayfairSportsbook) {
  let services: WidgetServices | null = null;
  const sportsbook = createSportsbook((_kind, element, host) => {
    services ??= {
      host,
      api: createSportsbookApi({ token: () => host.store.get().token, language: () => host.store.get().parameters?.locale ?? "en-GB" }),
      realtime: createRealtime(() => realtimeEndpoint(window.location)),
      slip: createSlipStore(),
    };
    const root = createRoot(element);
    root.render(
      <WidgetProvider services={services}>
        <SportsbookApp />
      </WidgetProvider>,
    );
    return () => root.unmount();
  });
  window.PlayfairSportsbook = sportsbook;
}
