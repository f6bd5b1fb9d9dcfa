import { describe, expect, it } from "vitest";
import { localizeContentLinks } from "./content-links.ts";

describe("localizeContentLinks", () => {
  const html = '<p><a href="/static/terms">Terms</a> and <a href="https://example.org/x" target="_blank" rel="noopener noreferrer">help</a></p>';

  it("leaves English content untouched", () => {
    expect(localizeContentLinks(html, "en")).toBe(html);
  });

  it("prefixes internal links with the reader's locale and leaves external ones alone", () => {
    expect(localizeContentLinks(html, "de")).toBe(
      '<p><a href="/de/static/terms">Terms</a> and <a href="https://example.org/x" target="_blank" rel="noopener noreferrer">help</a></p>',
    );
  });

  it("handles the root, queries, hashes and already prefixed links", () => {
    expect(localizeContentLinks('<a href="/">Home</a>', "pt-br")).toBe('<a href="/pt-br">Home</a>');
    expect(localizeContentLinks('<a href="/?sign-in=true">Sign in</a>', "fa")).toBe('<a href="/fa?sign-in=true">Sign in</a>');
    expect(localizeContentLinks('<a href="/#top">Top</a>', "fa")).toBe('<a href="/fa#top">Top</a>');
    expect(localizeContentLinks('<a href="/tr/bonuses">Bonuses</a>', "tr")).toBe('<a href="/tr/bonuses">Bonuses</a>');
    expect(localizeContentLinks('<a href="//cdn.example.org/a">CDN</a>', "tr")).toBe('<a href="//cdn.example.org/a">CDN</a>');
  });

  it("does not touch link-like text outside anchors", () => {
    const text = "<p>Visit href=\"/static/terms\" later</p>";
    expect(localizeContentLinks(text, "ru")).toBe(text);
  });
});
