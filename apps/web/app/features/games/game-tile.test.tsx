// @vitest-environment happy-dom
import { readFileSync } from "node:fs";
import { join } from "node:path";
import "@testing-library/jest-dom/vitest";
import { act, cleanup, render, screen } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GameTile, type TileGame } from "./game-tile.tsx";
import { i18nFor } from "#app/lib/i18n.ts";
import { SessionProvider, type Session } from "#app/lib/session.tsx";

const art = (shape: string) => ({ "1x": `/img/${shape}@1x.webp`, "2x": `/img/${shape}@2x.webp`, "3x": `/img/${shape}@3x.webp` });
const GAME: TileGame = {
  id: "g1",
  identity: "starfall",
  name: "Starfall",
  provider: { id: "p1", identity: "playfair", name: "Playfair Originals" },
  images: { "1x1": art("square"), "3x4": art("portrait") },
  isFavorite: false,
};

/** A stand-in IntersectionObserver that records its options and lets the test bring elements into view. */
class FakeObserver {
  static instances: FakeObserver[] = [];
  readonly observed = new Set<Element>();
  readonly callback: IntersectionObserverCallback;
  readonly options: IntersectionObserverInit;
  constructor(callback: IntersectionObserverCallback, options: IntersectionObserverInit = {}) {
    this.callback = callback;
    this.options = options;
    FakeObserver.instances.push(this);
  }
  observe(element: Element) {
    this.observed.add(element);
  }
  unobserve(element: Element) {
    this.observed.delete(element);
  }
  disconnect() {}
  takeRecords() {
    return [];
  }
  /** The browser reports everything observed as within the margin. */
  enterAll() {
    const entries = [...this.observed].map((target) => ({ target, isIntersecting: true }) as IntersectionObserverEntry);
    this.callback(entries, this as unknown as IntersectionObserver);
  }
}

function renderTile(tile: React.ReactNode, session: Session = { status: "guest" }) {
  const router = createMemoryRouter([{ path: "/", element: tile }], { initialEntries: ["/"] });
  return render(
    <I18nextProvider i18n={i18nFor("en")}>
      <SessionProvider session={session}>
        <RouterProvider router={router} />
      </SessionProvider>
    </I18nextProvider>,
  );
}

const image = (container: HTMLElement) => container.querySelector("img")!;

beforeEach(() => {
  FakeObserver.instances = [];
  globalThis.IntersectionObserver = FakeObserver as unknown as typeof IntersectionObserver;
});

afterEach(() => cleanup());

describe("GameTile", () => {
  it("waits for the 400 px lazy-load margin, then loads the 3x4 art at 1x, 2x and 3x", () => {
    const { container } = renderTile(<GameTile game={GAME} />);
    const img = image(container);
    // Nothing is fetched before the tile nears the viewport.
    expect(img).not.toHaveAttribute("src");
    expect(img).not.toHaveAttribute("srcset");
    // The slot keeps the art's shape meanwhile: no layout shift when it arrives.
    expect(img).toHaveAttribute("width", "180");
    expect(img).toHaveAttribute("height", "240");
    expect(container.querySelector("[data-tile-art]")).toHaveClass("skeleton");

    const observer = FakeObserver.instances.at(-1)!;
    expect(observer.options.rootMargin).toBe("400px");
    act(() => observer.enterAll());

    expect(img).toHaveAttribute("src", "/img/portrait@1x.webp");
    expect(img).toHaveAttribute("srcset", "/img/portrait@1x.webp 1x, /img/portrait@2x.webp 2x, /img/portrait@3x.webp 3x");
  });

  it("uses the 1x1 art on compact rails and puts first-screen art in the HTML", () => {
    const { container } = renderTile(<GameTile game={GAME} shape="square" eager />);
    const img = image(container);
    expect(img).toHaveAttribute("srcset", "/img/square@1x.webp 1x, /img/square@2x.webp 2x, /img/square@3x.webp 3x");
    expect(img).toHaveAttribute("width", "160");
    expect(img).toHaveAttribute("height", "160");
  });

  it("is one keyboard-focusable link to the game page naming the game and its provider", () => {
    renderTile(<GameTile game={GAME} />);
    const link = screen.getByRole("link", { name: /Starfall/ });
    expect(link).toHaveAttribute("href", "/game/starfall");
    expect(link).toHaveTextContent("Playfair Originals");
    link.focus();
    expect(link).toHaveFocus();
    // The focus ring is the tile link's component class in app.css.
    expect(link).toHaveClass("game-tile-link");
    const styles = readFileSync(join(import.meta.dirname, "../../styles/app.css"), "utf8");
    expect(styles).toMatch(/\.game-tile-link \{\s*@apply [^;]*focus-visible:ring-2 /);
  });

  it("offers the favourite toggle to players only", async () => {
    renderTile(<GameTile game={GAME} />);
    expect(screen.queryByRole("button", { name: /Favourite/ })).toBeNull();
    cleanup();
    renderTile(<GameTile game={GAME} />, { status: "signedIn", playerId: "p1", profileConfirmed: true });
    expect(await screen.findByRole("button", { name: "Favourite: Starfall" }, { timeout: 10_000 })).toHaveAttribute("aria-pressed", "false");
  });
});
