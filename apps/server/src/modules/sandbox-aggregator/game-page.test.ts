import { Window, type Document, type HTMLButtonElement, type HTMLSelectElement } from "happy-dom";
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
};

type Page = { document: Document; fetchStub: ReturnType<typeof vi.fn>; html: string };

function load(game: SandboxGame, answer: unknown): Page {
  const html = gamePage(game, "/sandbox-aggregator/sessions/s/spin", "nonce-value");
  const script = /<script nonce="nonce-value">([\s\S]*?)<\/script>/.exec(html)?.[1];
  const body = /<body>([\s\S]*?)<script/.exec(html)?.[1];
  if (!script || !body) throw new Error("the page has no script or body");
  const window = new Window();
  const document = window.document;
  document.body.innerHTML = body;
  // happy-dom parses the <option selected> one place off; the browser's default is set by hand.
  (document.getElementById("stake") as HTMLSelectElement).value = game.stakes[2]!;
  const fetchStub = vi.fn(async () => new Response(JSON.stringify(answer), { headers: { "content-type": "application/json" } }));
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
});
