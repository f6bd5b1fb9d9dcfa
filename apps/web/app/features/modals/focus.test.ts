// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from "vitest";
import { focusFirstFieldWhenReady, focusOnClose, mainContent, restoreFocus } from "./focus.ts";

function dialog(html: string): HTMLElement {
  const element = document.createElement("div");
  element.tabIndex = -1;
  element.innerHTML = html;
  document.body.append(element);
  element.focus();
  return element;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

afterEach(() => {
  document.body.innerHTML = "";
});

describe("focusFirstFieldWhenReady", () => {
  it("moves focus from the dialog to its first field, skipping hidden and disabled ones", () => {
    const panel = dialog('<button>Close</button><input type="hidden" name="a"><input disabled name="b"><input name="login"><input name="password">');
    focusFirstFieldWhenReady(panel);
    expect(document.activeElement).toBe(panel.querySelector('[name="login"]'));
  });

  it("waits for content that is still loading, and focuses its first field when it appears", async () => {
    const panel = dialog("<p>Loading</p>");
    const stop = focusFirstFieldWhenReady(panel);
    expect(document.activeElement).toBe(panel);
    panel.insertAdjacentHTML("beforeend", '<form><input name="email"></form>');
    await settle();
    expect(document.activeElement).toBe(panel.querySelector('[name="email"]'));
    stop();
  });

  it("leaves focus alone once the player has moved it", async () => {
    const panel = dialog("<button>Close</button>");
    const stop = focusFirstFieldWhenReady(panel);
    panel.querySelector("button")!.focus();
    panel.insertAdjacentHTML("beforeend", '<input name="email">');
    await settle();
    expect(document.activeElement).toBe(panel.querySelector("button"));
    stop();
  });
});

describe("restoreFocus", () => {
  it("gives focus back to the opener", async () => {
    const opener = document.createElement("button");
    document.body.append(opener);
    restoreFocus(opener);
    await settle();
    expect(document.activeElement).toBe(opener);
  });

  it("gives focus to the main content instead when asked (after signing in), for every layer closing at once", async () => {
    const main = document.createElement("main");
    main.id = "main";
    main.tabIndex = -1;
    const opener = document.createElement("button");
    document.body.append(main, opener);
    focusOnClose(mainContent);
    restoreFocus(opener);
    restoreFocus(opener);
    await settle();
    expect(document.activeElement).toBe(main);
    await settle();
    // Used once: the next dialog gives focus back to its opener again.
    restoreFocus(opener);
    await settle();
    expect(document.activeElement).toBe(opener);
  });
});
