// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act } from "react";
import { createRoot } from "react-dom/client";
import { describe, expect, it } from "vitest";
import { signalResync } from "./realtime-events.ts";
import { useRealtimeResyncQueries } from "./use-realtime.ts";

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

describe("useRealtimeResyncQueries", () => {
  it("refetches the feature's queries when its channel missed events, and only then", async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
    const fetches = { wallet: 0, other: 0 };
    function WalletWidget() {
      useQuery({ queryKey: ["wallet", "accounts"], queryFn: async () => ++fetches.wallet });
      useQuery({ queryKey: ["profile"], queryFn: async () => ++fetches.other });
      useRealtimeResyncQueries("wallet:accounts", ["wallet"]);
      return null;
    }
    const container = document.createElement("div");
    document.body.append(container);
    const root = createRoot(container);
    await act(async () => {
      root.render(
        <QueryClientProvider client={queryClient}>
          <WalletWidget />
        </QueryClientProvider>,
      );
    });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fetches).toEqual({ wallet: 1, other: 1 });

    await act(async () => signalResync("messenger:notifications#42"));
    expect(fetches).toEqual({ wallet: 1, other: 1 });
    await act(async () => signalResync("wallet:accounts#42"));
    await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(fetches).toEqual({ wallet: 2, other: 1 });

    await act(async () => root.unmount());
    signalResync("wallet:accounts#42");
    expect(fetches.wallet).toBe(2);
  });
});
