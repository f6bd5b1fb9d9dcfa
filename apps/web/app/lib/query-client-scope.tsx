import type { QueryClient } from "@tanstack/react-query";
import { createContext, lazy, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from "react";

/** Hands out the page's one query client, creating it with `create` the first time it is asked for. */
export type SharedQueryClient = (create: () => QueryClient) => QueryClient;

export const QueryClientScopeContext = createContext<SharedQueryClient | null>(null);

/**
 * The page's query client slot, without TanStack Query itself: no component of a first visit runs a
 * query, so the client (about 12 KB gzip) loads with the lazily loaded parts that do, each wrapped in
 * `SharedQueryClientProvider` (lib/query-client.tsx). They all share the client this slot holds, so
 * the cache is one per page: per server render (so per request) and per page load in the browser.
 */
export function QueryClientScope({ children }: { children: ReactNode }) {
  const [shared] = useState(() => {
    let client: QueryClient | undefined;
    const sharedClient: SharedQueryClient = (create) => (client ??= create());
    return sharedClient;
  });
  return <QueryClientScopeContext value={shared}>{children}</QueryClientScopeContext>;
}

/**
 * React.lazy for a component that runs queries: the query client module loads alongside it, in
 * parallel, and the component renders inside the page's shared client.
 */
export function lazyWithQueryClient<Props extends object>(
  load: () => Promise<{ default: ComponentType<Props> }>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => {
    const [module, { withQueryClient }] = await Promise.all([load(), import("./query-client.tsx")]);
    return { default: withQueryClient(module.default) };
  });
}
