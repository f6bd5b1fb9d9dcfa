import type { SportsbookLocale } from "@playfair/contracts/sport/sportsbook-widget";
import { act, render } from "@testing-library/react";
import { vi } from "vitest";
import { createSportsbookApi } from "./api.ts";
import { SportsbookApp } from "./app.tsx";
import type { ChannelListener, Realtime } from "./realtime.ts";
import { createSlipStore } from "./slip-store.ts";
import { createSportsbook, type SportsbookHost } from "./sportsbook-host.ts";
import { WidgetProvider } from "./widget-context.tsx";

// The whole widget in a test: started as the site starts it, its calls answered by `routes`, its
// realtime channels fed by the test.

export type Answer = { status?: number; body: unknown };
/** Answers by "METHOD /path"; an answer may wait (a promise) to hold a call open. */
export type Routes = Record<string, (request: { url: URL; init: RequestInit }) => Answer | Promise<Answer>>;

/** A fake realtime client: the test publishes on a channel as the server would. */
export function fakeRealtime(options: { subscribeLater?: boolean } = {}) {
  const listeners = new Map<string, Set<ChannelListener>>();
  const realtime: Realtime = {
    listen(channel, listener) {
      const set = listeners.get(channel) ?? new Set();
      set.add(listener);
      listeners.set(channel, set);
      if (!options.subscribeLater) listener.onSubscribed?.();
      return () => set.delete(listener);
    },
    close() {},
  };
  const publish = (channel: string, data: unknown) => act(() => listeners.get(channel)?.forEach((listener) => listener.onData(data)));
  /** The server confirms the subscription (with `subscribeLater`). */
  const subscribe = (channel: string) => act(() => listeners.get(channel)?.forEach((listener) => listener.onSubscribed?.()));
  return { realtime, publish, subscribe, channels: () => [...listeners.entries()].filter(([, set]) => set.size > 0).map(([channel]) => channel) };
}

export function mountWidget(options: { path: string; routes: Routes; token?: string; locale?: SportsbookLocale; currency?: string; subscribeLater?: boolean }) {
  const calls: { method: string; path: string; authorization: string | null; body: unknown }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), "https://playfair.test");
    const method = init.method ?? "GET";
    const headers = new Headers(init.headers);
    calls.push({ method, path: url.pathname + url.search, authorization: headers.get("authorization"), body: init.body ? JSON.parse(String(init.body)) : null });
    const handler = options.routes[`${method} ${url.pathname}`];
    const answer = handler ? await handler({ url, init }) : { status: 404, body: { code: "NOT_FOUND", message: "Not found" } };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { "content-type": "application/json" } });
  });
  const live = fakeRealtime({ subscribeLater: options.subscribeLater });
  let host: SportsbookHost | null = null;
  const sportsbook = createSportsbook((_kind, _element, given) => {
    host = given;
    return () => {};
  });
  const locale = options.locale ?? "en-GB";
  sportsbook.init({ accountId: "acc-1", lobbyUrl: "https://playfair.test", locale, countryCode: "DE", demoMode: false, platform: 2, provider: "playfair" }, options.token ?? "");
  sportsbook.setUserData(options.token ? { userId: "p1", geo: "DE", currency: options.currency ?? "EUR", locale } : null);
  sportsbook.navigate(options.path);
  const element = document.createElement("div");
  sportsbook.addWidget("main", element);
  const widgetHost = host as unknown as SportsbookHost;
  const navigations: string[] = [];
  sportsbook.on("navigate", ({ path }) => navigations.push(path));
  const services = {
    host: widgetHost,
    api: createSportsbookApi({ token: () => widgetHost.store.get().token, language: () => locale, fetch: fetchMock as typeof fetch }),
    realtime: live.realtime,
    slip: createSlipStore(),
  };
  render(
    <WidgetProvider services={services}>
      <SportsbookApp />
    </WidgetProvider>,
  );
  return { calls, publish: live.publish, subscribe: live.subscribe, channels: live.channels, sportsbook, navigations, slip: services.slip };
}

export const page = <T,>(data: T[]) => ({ body: { data, meta: { page: 1, perPage: 30, totalPages: 1, totalRows: data.length } } });
