import { QueryClient, QueryClientContext, QueryClientProvider } from "@tanstack/react-query";
import { useContext, useState, type ComponentType, type ReactNode } from "react";
import { QueryClientScopeContext } from "./query-client-scope.tsx";

function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, retry: 1 } } });
}

/**
 * Gives `children` the page's shared query client (lib/query-client-scope.tsx). Inside another
 * provider it adds nothing; outside any scope (a component rendered on its own) it makes a client
 * of its own. Several of these may be mounted at once: the client counts its providers and keeps
 * one set of focus and online listeners.
 */
export function SharedQueryClientProvider({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  const shared = useContext(QueryClientScopeContext);
  const [own] = useState(() => (outer || shared ? undefined : createQueryClient()));
  if (outer) return children;
  const client = shared ? shared(createQueryClient) : own!;
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}

export function withQueryClient<Props extends object>(Component: ComponentType<Props>): ComponentType<Props> {
  function WithQueryClient(props: Props) {
    return (
      <SharedQueryClientProvider>
        <Component {...props} />
      </SharedQueryClientProvider>
    );
  }
  WithQueryClient.displayName = `WithQueryClient(${Component.displayName ?? Component.name})`;
  return WithQueryClient;
}
