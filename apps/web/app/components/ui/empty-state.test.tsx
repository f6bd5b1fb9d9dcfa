import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { EmptyState } from "./empty-state.tsx";

describe("EmptyState", () => {
  it("shows a title, a description, an action and the default illustration", () => {
    const html = renderToStaticMarkup(
      <EmptyState title="No favourites yet" description="Tap the heart on a game to keep it here." action={<a href="/games">Browse games</a>} />,
    );
    expect(html).toContain("<h2");
    expect(html).toContain("No favourites yet");
    expect(html).toContain("Tap the heart on a game to keep it here.");
    expect(html).toContain('<a href="/games">Browse games</a>');
    expect(html).toMatch(/<svg[^>]*aria-hidden="true"/);
  });

  it("fits the page outline and can go without artwork", () => {
    const html = renderToStaticMarkup(<EmptyState title="Nothing here" headingLevel={3} illustration={null} size="inline" />);
    expect(html).toContain("<h3");
    expect(html).not.toContain("<svg");
    expect(html).not.toContain("<p");
  });

  it("takes custom artwork in the illustration slot", () => {
    const html = renderToStaticMarkup(<EmptyState title="No bets" illustration={<svg data-art="ticket" />} />);
    expect(html).toContain('data-art="ticket"');
  });
});
