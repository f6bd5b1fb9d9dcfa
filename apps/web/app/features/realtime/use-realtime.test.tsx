// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, cleanup, render, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { signalResync } from "./realtime-events.ts";
import { useRealtimeResyncQueries } from "./use-realtime.ts";

afterEach(cleanup);

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
    const { unmount } = render(
      <QueryClientProvider client={queryClient}>
        <WalletWidget />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(fetches).toEqual({ wallet: 1, other: 1 });

    act(() => signalResync("messenger:notifications#42"));
    expect(queryClient.isFetching()).toBe(0);
    expect(fetches).toEqual({ wallet: 1, other: 1 });
    act(() => signalResync("wallet:accounts#42"));
    await waitFor(() => expect(fetches).toEqual({ wallet: 2, other: 1 }));

    unmount();
    signalResync("wallet:accounts#42");
    expect(queryClient.isFetching()).toBe(0);
    expect(fetches.wallet).toBe(2);
  });
});
