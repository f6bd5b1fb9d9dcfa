import { afterEach, describe, expect, it, vi } from "vitest";
import {
  channelBase,
  createRealtimeBus,
  dispatchPublication,
  getRealtimeStatus,
  needsResync,
  onRealtimeResync,
  publicationKey,
  resetRealtimeStatus,
  setConnectionState,
  setSubscriptionState,
  signalResync,
} from "./realtime-events.ts";

describe("realtime event bus", () => {
  it("routes publications by channel prefix, ignoring the user suffix", () => {
    const bus = createRealtimeBus();
    const notifications = vi.fn();
    const wallet = vi.fn();
    bus.on("messenger:notifications", notifications);
    bus.on("wallet:", wallet);
    bus.dispatch({ channel: "messenger:notifications#42", data: { type: "message", message: { id: "m1" } } });
    expect(notifications).toHaveBeenCalledTimes(1);
    expect(wallet).not.toHaveBeenCalled();
    bus.dispatch({ channel: "wallet:accounts#42", data: { id: 7 } });
    expect(wallet).toHaveBeenCalledTimes(1);
  });

  it("delivers a replayed publication once (by offset, else by the id it carries)", () => {
    const bus = createRealtimeBus();
    const handler = vi.fn();
    bus.on("messenger", handler);
    expect(bus.dispatch({ channel: "messenger:notifications#1", data: {}, offset: 5 })).toBe(true);
    expect(bus.dispatch({ channel: "messenger:notifications#1", data: {}, offset: 5 })).toBe(false);
    expect(bus.dispatch({ channel: "messenger:notifications#1", data: { type: "message", message: { id: "a" } } })).toBe(true);
    expect(bus.dispatch({ channel: "messenger:notifications#1", data: { type: "message", message: { id: "a" } } })).toBe(false);
    expect(bus.dispatch({ channel: "messenger:pushes#1", data: { type: "push", push: { id: "a" } } })).toBe(true);
    expect(handler).toHaveBeenCalledTimes(3);
  });

  it("never drops publications without an identity (counters)", () => {
    const bus = createRealtimeBus();
    const handler = vi.fn();
    bus.on("global:online", handler);
    bus.dispatch({ channel: "global:online", data: { online: 3 } });
    bus.dispatch({ channel: "global:online", data: { online: 3 } });
    expect(handler).toHaveBeenCalledTimes(2);
    expect(publicationKey({ channel: "global:online", data: { online: 3 } })).toBeNull();
  });

  it("forgets what it delivered on reset, and stops calling unsubscribed handlers", () => {
    const bus = createRealtimeBus();
    const handler = vi.fn();
    const off = bus.on("a", handler);
    bus.dispatch({ channel: "a:b", data: { id: 1 } });
    bus.reset();
    bus.dispatch({ channel: "a:b", data: { id: 1 } });
    expect(handler).toHaveBeenCalledTimes(2);
    off();
    bus.dispatch({ channel: "a:b", data: { id: 2 } });
    expect(handler).toHaveBeenCalledTimes(2);
  });

  it("keeps other handlers running when one throws", () => {
    const bus = createRealtimeBus();
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const second = vi.fn();
    bus.on("x", () => {
      throw new Error("boom");
    });
    bus.on("x", second);
    bus.dispatch({ channel: "x:y", data: null });
    expect(second).toHaveBeenCalled();
    error.mockRestore();
  });

  it("names channels without their user list", () => {
    expect(channelBase("wallet:accounts#42")).toBe("wallet:accounts");
    expect(channelBase("global:online")).toBe("global:online");
  });
});

describe("realtime status", () => {
  afterEach(() => resetRealtimeStatus());

  it("follows connection and subscription states", () => {
    setConnectionState("connecting");
    setSubscriptionState("messenger:notifications#1", "subscribing");
    setConnectionState("connected");
    setSubscriptionState("messenger:notifications#1", "subscribed");
    expect(getRealtimeStatus()).toMatchObject({ connection: "connected", subscriptions: { "messenger:notifications#1": "subscribed" } });
  });

  it("keeps the online figure only while connected", () => {
    setConnectionState("connected");
    dispatchPublication({ channel: "global:online", data: { online: 1234 } });
    expect(getRealtimeStatus().online).toBe(1234);
    dispatchPublication({ channel: "global:online", data: { online: "lots" } });
    expect(getRealtimeStatus().online).toBe(1234);
    setConnectionState("disconnected");
    expect(getRealtimeStatus().online).toBeNull();
  });
});

describe("resync after a reconnect", () => {
  const subscribed = (channel: string, flags: { wasRecovering?: boolean; recovered?: boolean; recoverable?: boolean }) => ({
    channel,
    wasRecovering: flags.wasRecovering ?? false,
    recovered: flags.recovered ?? false,
    recoverable: flags.recoverable ?? false,
  });

  it("reloads only where the server could not replay what was missed", () => {
    const wallet = "wallet:accounts#42";
    expect(needsResync(subscribed(wallet, { wasRecovering: true, recovered: true, recoverable: true }), true)).toBe(false);
    expect(needsResync(subscribed(wallet, { wasRecovering: true, recovered: false, recoverable: true }), true)).toBe(true);
    // First connection: the page loads its own data.
    expect(needsResync(subscribed(wallet, { recoverable: true }), false)).toBe(false);
    expect(needsResync(subscribed(wallet, {}), false)).toBe(false);
    // A server without history (Centrifugo without history_size): every reconnect may hide a gap.
    expect(needsResync(subscribed(wallet, {}), true)).toBe(true);
    expect(needsResync(subscribed("global:online", {}), true)).toBe(false);
  });

  it("tells the features listening on that channel", () => {
    const messages = vi.fn();
    const wallet = vi.fn();
    const stopMessages = onRealtimeResync("messenger:notifications", messages);
    const stopWallet = onRealtimeResync("wallet:", wallet);
    signalResync("messenger:notifications#42");
    expect(messages).toHaveBeenCalledWith("messenger:notifications#42");
    expect(wallet).not.toHaveBeenCalled();
    stopMessages();
    stopWallet();
    signalResync("messenger:notifications#42");
    expect(messages).toHaveBeenCalledTimes(1);
  });
});
