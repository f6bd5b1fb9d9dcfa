import { serverPagePolicy } from "../../lib/page-policy.ts";
import type { SandboxGame } from "./sandbox-aggregator.service.ts";

// The sandbox aggregator's game page: what a provider's game is inside the casino's iframe. A plain
// server page with one script (allowed by the answer's nonce) that talks only to the sandbox's own
// spin endpoint; it stands in for a provider's site, so like the payment sandbox's pages it lives
// outside the React app and its translations. Keyboard: the stake and colour are native selects,
// Spin is a button (Enter or Space), and every result is announced in a live region. A round played
// from the operator's free rounds carries a "Free spin n of N" mark, and its result says so too.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The page's one <style> element; constant, so the policy allows it by hash. */
const STYLE = `
  :root { color-scheme: dark; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: system-ui, sans-serif; background: radial-gradient(circle at top, #312e81, #0f172a 70%); color: #f8fafc; }
  main { width: min(96vw, 560px); padding: 20px; box-sizing: border-box; }
  header { display: flex; justify-content: space-between; align-items: baseline; gap: 12px; flex-wrap: wrap; }
  h1 { font-size: 1.25rem; margin: 0; text-transform: capitalize; }
  .badge { font-size: 0.75rem; padding: 2px 10px; border-radius: 999px; background: #facc15; color: #1e293b; font-weight: 700; }
  .badge.free { background: #22c55e; color: #052e16; }
  .provider { color: #cbd5e1; font-size: 0.85rem; margin: 4px 0 16px; }
  .reels { display: flex; gap: 10px; justify-content: center; margin: 18px 0; }
  .cell { flex: 1; max-width: 96px; aspect-ratio: 3 / 4; display: grid; place-items: center; border-radius: 14px; background: linear-gradient(#f8fafc, #cbd5e1); color: #0f172a; font-size: 2.2rem; font-weight: 800; box-shadow: inset 0 -6px 0 rgb(0 0 0 / 0.15); }
  .cell.red { background: linear-gradient(#ef4444, #991b1b); color: #fff; }
  .cell.black { background: linear-gradient(#334155, #020617); color: #fff; }
  .cell.green { background: linear-gradient(#22c55e, #14532d); color: #fff; }
  .spinning .cell { animation: roll 0.12s linear infinite; }
  @keyframes roll { from { transform: translateY(-4px); } to { transform: translateY(4px); } }
  @media (prefers-reduced-motion: reduce) { .spinning .cell { animation: none; opacity: 0.6; } }
  .panel { display: flex; gap: 12px; align-items: end; flex-wrap: wrap; justify-content: space-between; }
  label { display: grid; gap: 4px; font-size: 0.8rem; color: #cbd5e1; }
  select { font: inherit; padding: 8px 10px; border-radius: 8px; border: 1px solid #64748b; background: #1e293b; color: #f8fafc; }
  button { font: inherit; font-weight: 800; font-size: 1.1rem; padding: 12px 32px; border-radius: 999px; border: 0; background: #22c55e; color: #052e16; cursor: pointer; }
  button:disabled { opacity: 0.6; cursor: progress; }
  button:focus-visible, select:focus-visible { outline: 3px solid #facc15; outline-offset: 2px; }
  .balance { font-size: 1.1rem; font-weight: 700; }
  .result { min-height: 1.5em; margin-top: 16px; font-size: 1.05rem; text-align: center; }
  .result.win { color: #facc15; font-weight: 800; }`;

/** The script: constant text, run under the answer's nonce. Reads its settings from <main data-*>. */
const SCRIPT = `
(() => {
  const main = document.querySelector("main");
  const reels = document.getElementById("reels");
  const button = document.getElementById("spin");
  const stake = document.getElementById("stake");
  const choice = document.getElementById("choice");
  const balance = document.getElementById("balance");
  const result = document.getElementById("result");
  const freeMark = document.getElementById("free-round");
  const currency = main.dataset.currency;
  const model = main.dataset.model;
  // The operator's free rounds on this game: every spin takes one while any is left, at the spin value.
  const freeTotal = Number(main.dataset.freeRounds || 0);
  let freeLeft = freeTotal;
  function freeSpinText(number) {
    return "Free spin " + number + " of " + freeTotal;
  }
  function markFree(number) {
    freeMark.hidden = number === 0;
    if (number > 0) freeMark.textContent = freeSpinText(number);
  }
  const SYMBOLS = { seven: "7", bell: "\\u{1F514}", bar: "BAR", cherry: "\\u{1F352}", lemon: "\\u{1F34B}", ruby: "\\u2666", emerald: "\\u2663", sapphire: "\\u2660", topaz: "\\u2605", amethyst: "\\u2665" };
  const REFUSALS = {
    INSUFFICIENT_FUNDS: "Not enough balance for this stake.",
    PLAYER_BLOCKED: "Play is not available on this account.",
    LIMIT_REACHED: "Your bet or loss limit leaves no room for this stake.",
    INVALID_SESSION: "This game session has ended: open the game again.",
    UNAVAILABLE: "The casino did not answer: your stake was returned if it was taken.",
    FREE_ROUNDS_UNAVAILABLE: "These free spins are no longer available.",
  };
  function show(symbols, detail) {
    reels.replaceChildren(...symbols.map((symbol) => {
      const cell = document.createElement("div");
      cell.className = model === "table-roulette" ? "cell " + detail : "cell";
      cell.textContent = SYMBOLS[symbol] || symbol;
      return cell;
    }));
  }
  async function spin() {
    if (button.disabled) return;
    button.disabled = true;
    const free = freeLeft > 0;
    const played = free ? freeTotal - freeLeft + 1 : 0;
    const stakeValue = free ? main.dataset.freeValue : stake.value;
    markFree(played);
    main.classList.add("spinning");
    result.className = "result";
    result.textContent = "Spinning\\u2026";
    try {
      const body = { stake: stake.value };
      if (choice) body.choice = choice.value;
      const response = await fetch(main.dataset.spinUrl, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      const answer = await response.json();
      if (answer.balance) balance.textContent = answer.balance + " " + currency;
      if (answer.symbols && answer.symbols.length > 0) show(answer.symbols, answer.detail);
      // The sandbox took the round from the free rounds whatever the casino answered; a refusal of the free rounds spends them.
      if (free) freeLeft = typeof answer.freeRoundsLeft === "number" ? answer.freeRoundsLeft : answer.status === "FREE_ROUNDS_UNAVAILABLE" ? 0 : freeLeft - 1;
      let text;
      if (answer.status !== "OK") {
        text = REFUSALS[answer.status] || "The round could not be played.";
      } else if (Number(answer.win) > Number(stakeValue)) {
        result.className = "result win";
        text = "You win " + answer.win + " " + currency + "!";
      } else if (Number(answer.win) > 0) {
        text = "Returned " + answer.win + " " + currency + ".";
      } else {
        text = model === "slot-cascade" ? "No cascade this time." : "No win this time.";
      }
      result.textContent = free && answer.status === "OK" ? freeSpinText(played) + ": " + text : text;
      if (free && answer.status !== "OK") markFree(0);
    } catch {
      result.textContent = "The game could not reach its server.";
    } finally {
      main.classList.remove("spinning");
      button.disabled = false;
    }
  }
  button.addEventListener("click", spin);
  document.addEventListener("keydown", (event) => {
    if (event.key === " " && event.target === document.body) { event.preventDefault(); spin(); }
  });
})();`;

const INITIAL_SYMBOLS: Record<string, string[]> = {
  "slot-classic": ["seven", "seven", "seven"],
  "slot-cascade": ["ruby", "emerald", "sapphire", "topaz", "amethyst"],
  "table-roulette": ["0"],
};

const SYMBOL_TEXT: Record<string, string> = { seven: "7", ruby: "\u2666", emerald: "\u2663", sapphire: "\u2660", topaz: "\u2605", amethyst: "\u2665" };

/** The page's Content-Security-Policy: its style by hash, its script by this answer's nonce, calls to this site only, framed by this site only. */
export function gamePagePolicy(nonce: string): string {
  return serverPagePolicy({ inlineStyles: [STYLE], scriptNonce: nonce });
}

function document(title: string, body: string, nonce: string | null, lang: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
${body}
${nonce ? `<script nonce="${nonce}">${SCRIPT}</script>` : ""}
</body>
</html>`;
}

export function gamePage(game: SandboxGame, spinUrl: string, nonce: string): string {
  const title = game.gameCode.replace(/[-_]+/g, " ");
  const stakes = game.stakes.map((stake, index) => `<option value="${escapeHtml(stake)}"${index === 2 ? " selected" : ""}>${escapeHtml(stake)} ${escapeHtml(game.currency)}</option>`).join("");
  const choice =
    game.mathModel === "table-roulette"
      ? `<label>Colour<select id="choice"><option value="red">Red (pays 2x)</option><option value="black">Black (pays 2x)</option></select></label>`
      : "";
  const cells = (INITIAL_SYMBOLS[game.mathModel] ?? [])
    .map((symbol) => `<div class="cell${game.mathModel === "table-roulette" ? " green" : ""}">${escapeHtml(SYMBOL_TEXT[symbol] ?? symbol)}</div>`)
    .join("");
  const free = game.freeRounds;
  const freeData = free ? ` data-free-rounds="${free.count}" data-free-value="${escapeHtml(free.spinValue)}"` : "";
  const freeMark = `<span id="free-round" class="badge free"${free ? "" : " hidden"}>${free ? `Free spin 1 of ${free.count}` : ""}</span>`;
  const body = `<main data-spin-url="${escapeHtml(spinUrl)}" data-currency="${escapeHtml(game.currency)}" data-model="${escapeHtml(game.mathModel)}"${freeData}>
<header><h1>${escapeHtml(title)}</h1>${game.demo ? `<span class="badge">Demo</span>` : ""}${freeMark}</header>
<p class="provider">${escapeHtml(game.provider)} &middot; Sandbox aggregator</p>
<div id="reels" class="reels" role="img" aria-label="Game result">${cells}</div>
<div class="panel">
<p class="balance">Balance: <span id="balance">${escapeHtml(game.balance)} ${escapeHtml(game.currency)}</span></p>
<label>Stake<select id="stake">${stakes}</select></label>
${choice}
<button id="spin" type="button">Spin</button>
</div>
<p id="result" class="result" role="status" aria-live="polite"></p>
</main>`;
  return document(title, body, nonce, game.locale.slice(0, 2));
}

/** A launch that cannot be played (unsigned or stale address, ended session). */
export function refusedPage(message: string): string {
  return document("Game unavailable", `<main><h1>Game unavailable</h1><p>${escapeHtml(message)}</p></main>`, null, "en");
}
