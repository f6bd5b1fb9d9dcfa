import { Window, type Document, type HTMLButtonElement, type HTMLElement, type HTMLSelectElement } from "happy-dom";
import { describe, expect, it, vi } from "vitest";
import { gamePage } from "./game-page.ts";
import type { SandboxGame } from "./sandbox-aggregator.service.ts";

// The sandbox game's own script, run as the browser runs it: the page's markup in a fresh window,
// its inline script evaluated against that window, and the spin call answered by a stub.

const GAME: SandboxGame = {
  sessionId: "session-for-the-page-test",
  provider: "aurora-reels",
  gameCode: "aurora-fruit-classic",
  mathModel: "slot-classic",
  currency: "EUR",
  demo: true,
  locale: "en",
  balance: "1000.00",
  stakes: ["0.10", "0.20", "0.50", "1.00"],
  freeRounds: null,
};

type Page = { document: Document; fetchStub: ReturnType<typeof vi.fn>; html: string };

/** The page with its spin calls answered by `answers` in turn (the last one for every call after). */
function load(game: SandboxGame, ...answers: unknown[]): Page {
  const html = gamePage(game, "/sandbox-aggregator/sessions/s/spin", "nonce-value");
  const script = /<script nonce="nonce-value">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const body = /<body>([\s\S]*?)<script/.exec(html)?.[1];
  if (!script || !body) throw new Error("the page has no script or body");
  const window = new Window();
  const document = window.document;
  document.body.innerHTML = body;
  // happy-dom parses the <option selected> one place off; the browser's default is set by hand.
  (document.getElementById("stake") as HTMLSelectElement).value = game.stakes[2]!;
  let calls = 0;
  const fetchStub = vi.fn(async () => new Response(JSON.stringify(answers[Math.min(calls++, answers.length - 1)]), { headers: { "content-type": "application/json" } }));
  new Function("document", "fetch", script)(document, fetchStub);
  return { document, fetchStub, html };
}

async function settled(document: Document) {
  await vi.waitFor(() => expect((document.getElementById("spin") as HTMLButtonElement).disabled).toBe(false));
}

describe("sandbox game page", () => {
  it("spins with the chosen stake on a click and shows the reels, the balance and a win", async () => {
    const { document, fetchStub, html } = load(GAME, { status: "OK", balance: "1004.50", roundId: "r1", symbols: ["cherry", "cherry", "cherry"], detail: "", win: "5.00" });
    expect(html).toContain('<option value="0.50" selected>');
    (document.getElementById("spin") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.getElementById("result")!.textContent).toBe("You win 5.00 EUR!"));
    expect(fetchStub).toHaveBeenCalledWith("/sandbox-aggregator/sessions/s/spin", expect.objectContaining({ method: "POST", body: JSON.stringify({ stake: "0.50" }) }));
    expect(document.getElementById("balance")!.textContent).toBe("1004.50 EUR");
    expect(Array.from(document.querySelectorAll("#reels .cell"), (cell) => cell.textContent)).toEqual(["\u{1F352}", "\u{1F352}", "\u{1F352}"]);
    expect(document.getElementById("result")!.getAttribute("aria-live")).toBe("polite");
    await settled(document);
  });

  it("spins from the keyboard (Space) and says why a stake was refused", async () => {
    const { document, fetchStub } = load({ ...GAME, demo: false }, { status: "LIMIT_REACHED", balance: "3.00", roundId: null, symbols: [], detail: "", win: "0" });
    document.body.dispatchEvent(new document.defaultView!.KeyboardEvent("keydown", { key: " ", bubbles: true }));
    await vi.waitFor(() => expect(document.getElementById("result")!.textContent).toBe("Your bet or loss limit leaves no room for this stake."));
    expect(fetchStub).toHaveBeenCalledTimes(1);
    await settled(document);
  });

  it("offers the colour choice of the roulette and sends it", async () => {
    const { document, fetchStub } = load({ ...GAME, mathModel: "table-roulette" }, { status: "OK", balance: "999.50", roundId: "r2", symbols: ["17"], detail: "black", win: "0" });
    (document.getElementById("choice") as HTMLSelectElement).value = "black";
    (document.getElementById("spin") as HTMLButtonElement).click();
    await vi.waitFor(() => expect(document.querySelector("#reels .cell")?.className).toBe("cell black"));
    expect(fetchStub).toHaveBeenCalledWith(expect.any(String), expect.objectContaining({ body: JSON.stringify({ stake: "0.50", choice: "black" }) }));
    await settled(document);
  });

  it("marks the operator's free rounds 'Free spin n of N', plays them at the spin value, and drops the mark once they are spent", async () => {
    const answer = { status: "OK", balance: "5.00", symbols: ["lemon", "bell", "bar"], detail: "" };
    const { document, html } = load(
      { ...GAME, demo: false, freeRounds: { count: 2, spinValue: "0.20" } },
      { ...answer, roundId: "r1", win: "0.00", freeRoundsLeft: 1 },
      { ...answer, roundId: "r2", win: "0.40", freeRoundsLeft: 0 },
      { ...answer, roundId: "r3", win: "0.00" },
    );
    const mark = document.getElementById("free-round") as HTMLElement;
    const result = document.getElementById("result")!;
    const spinButton = document.getElementById("spin") as HTMLButtonElement;
    // Before any round: the next one is the first free spin.
    expect(html).toContain(">Free spin 1 of 2</span>");
    expect(mark.hidden).toBe(false);

    spinButton.click();
    await vi.waitFor(() => expect(result.textContent).toBe("Free spin 1 of 2: No win this time."));
    expect(mark.textContent).toBe("Free spin 1 of 2");
    await settled(document);

    // 0.40 on a free spin of 0.20 is a win, whatever stake the select shows.
    spinButton.click();
    await vi.waitFor(() => expect(result.textContent).toBe("Free spin 2 of 2: You win 0.40 EUR!"));
    expect(mark.textContent).toBe("Free spin 2 of 2");
    expect(mark.hidden).toBe(false);
    await settled(document);

    spinButton.click();
    await vi.waitFor(() => expect(result.textContent).toBe("No win this time."));
    expect(mark.hidden).toBe(true);
    await settled(document);
  });

  it("shows no free-spin mark on a page without free rounds", () => {
    const { document } = load(GAME, {});
    expect((document.getElementById("free-round") as HTMLElement).hidden).toBe(true);
    expect(document.querySelector("main")!.hasAttribute("data-free-rounds")).toBe(false);
  });
});
