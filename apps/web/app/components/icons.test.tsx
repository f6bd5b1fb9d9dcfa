import { readFileSync } from "node:fs";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ArrowEndIcon, HomeIcon, ICON_NAMES } from "./icons.tsx";

const sprite = readFileSync(new URL("./icons.svg", import.meta.url), "utf8");

describe("icons", () => {
  it("has a symbol in the sprite for every icon, and no symbol without an icon", () => {
    const symbols = [...sprite.matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]);
    expect([...symbols].sort()).toEqual([...ICON_NAMES].sort());
  });

  it("renders a decorative svg that uses its symbol from the sprite", () => {
    const html = renderToStaticMarkup(<HomeIcon className="size-6" />);
    expect(html).toMatch(/^<svg[^>]*aria-hidden="true"/);
    expect(html).toContain('class="icon size-5 shrink-0 size-6"');
    expect(html).toMatch(/<use href="[^"#]*icons[^"#]*#home"><\/use><\/svg>$/);
  });

  it("mirrors the direction-bound icons in right-to-left text", () => {
    expect(renderToStaticMarkup(<ArrowEndIcon />)).toContain("rtl:-scale-x-100");
  });
});
