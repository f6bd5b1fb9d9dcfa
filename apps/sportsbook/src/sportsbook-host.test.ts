import { describe, expect, it, vi } from "vitest";
import { createSportsbook } from "./sportsbook-host.ts";

const PARAMETERS = { accountId: "", lobbyUrl: "https://playfair.test", locale: "en-GB", countryCode: "UA", demoMode: false, platform: 2, provider: "playfair" } as const;

describe("the sportsbook's global API", () => {
  it("adds widgets only after init, and announces init once", () => {
    const unmount = vi.fn();
    const render = vi.fn(() => unmount);
    const sportsbook = createSportsbook(render);
    const onInit = vi.fn();
    sportsbook.on("init", onInit);
    const element = {} as HTMLElement;
    expect(() => sportsbook.addWidget("main", element)).toThrow();
    sportsbook.init(PARAMETERS, "");
    sportsbook.init(PARAMETERS, "token-b");
    expect(sportsbook.initiated).toBe(true);
    expect(onInit).toHaveBeenCalledTimes(1);
    sportsbook.addWidget("main", element);
    sportsbook.addWidget("main", element);
    expect(render).toHaveBeenCalledTimes(1);
    sportsbook.removeWidget(element);
    expect(unmount).toHaveBeenCalledTimes(1);
  });

  it("tells the site about its own moves, and not about the site's", () => {
    let navigateFromWidget: ((path: string) => void) | undefined;
    const sportsbook = createSportsbook((_kind, _element, host) => {
      navigateFromWidget = host.navigateFromWidget;
      return () => {};
    });
    const onNavigate = vi.fn();
    sportsbook.on("navigate", onNavigate);
    sportsbook.init(PARAMETERS, "");
    sportsbook.addWidget("main", {} as HTMLElement);
    sportsbook.navigate("/sport/live");
    expect(onNavigate).not.toHaveBeenCalled();
    navigateFromWidget?.("/sport/live");
    expect(onNavigate).not.toHaveBeenCalled();
    navigateFromWidget?.("/sport/soccer");
    expect(onNavigate).toHaveBeenCalledWith({ path: "/sport/soccer" });
  });
});
