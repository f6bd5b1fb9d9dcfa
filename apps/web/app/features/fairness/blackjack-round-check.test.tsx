// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { createHash } from "node:crypto";
import { ALGORITHM_VERSION, playRound, type BlackjackAction } from "@playfair/fairness";
import { cleanup, render, screen, within } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor, loadLanguage, type Language } from "#app/lib/i18n.ts";
import { BlackjackRoundCheck } from "./blackjack-round-check.tsx";

afterEach(cleanup);

/** A round as the server stores and the round API answers it once its seed is revealed. */
function settledRecord(nonce: number, actions: BlackjackAction[]) {
  const seeds = { serverSeed: "def", clientSeed: "abc", nonce, cursor: 0 };
  const { outcome } = playRound("blackjack", { ...seeds, params: { actions }, algorithmVersion: ALGORITHM_VERSION });
  return { ...seeds, serverSeedHash: createHash("sha256").update("def").digest("hex"), algorithmVersion: ALGORITHM_VERSION, params: { actions }, outcome: JSON.parse(JSON.stringify(outcome)) as Record<string, unknown> };
}

async function renderCheck(record: ReturnType<typeof settledRecord>, language: Language = "en") {
  await loadLanguage(language);
  return render(
    <I18nextProvider i18n={i18nFor(language)}>
      <BlackjackRoundCheck record={record} facts={<p>facts</p>} />
    </I18nextProvider>,
  );
}

describe("a blackjack round on the verifier page", () => {
  it("lists every step of a split round in order with the cards it drew, and says the round is verified", async () => {
    await renderCheck(settledRecord(8, ["split", "hit", "stand", "stand"]));
    expect(await screen.findByText("Verified")).toBeInTheDocument();
    const replay = screen.getByRole("list", { name: "The round step by step" });
    const steps = within(replay).getAllByRole("listitem").filter((item) => item.hasAttribute("data-replay-step"));
    expect(steps.map((step) => step.getAttribute("data-replay-step"))).toEqual(["deal", "split", "hit", "stand", "stand", "dealer"]);
    expect(replay.tagName).toBe("OL");
    expect(steps[1]).toHaveTextContent("Hand 1: split (the pair becomes two hands)");
    expect(within(steps[1]!).getByText("Card 5 of the stream")).toBeInTheDocument();
    // The card faces read as words to a screen reader.
    expect(within(steps[1]!).getAllByRole("img", { name: "ten of hearts" }).length).toBeGreaterThan(0);
    expect(within(steps[0]!).getAllByRole("img", { name: "two of clubs" }).length).toBeGreaterThan(0);
    expect(document.querySelector("[data-blackjack-comparison]")).toHaveAttribute("data-blackjack-comparison", "true");
  });

  it("says the round does not match when the stored result is not the recomputed one", async () => {
    const record = settledRecord(1, ["double"]);
    await renderCheck({ ...record, outcome: { ...record.outcome, payoutMultiplier: "9" } });
    expect(await screen.findByText("Does not match")).toBeInTheDocument();
    expect(screen.getByText("Stored return: 9× the first stake")).toBeInTheDocument();
    expect(document.querySelector("[data-blackjack-comparison]")).toHaveAttribute("data-blackjack-comparison", "false");
  });

  it("names the cards in the page's language", async () => {
    await renderCheck(settledRecord(8, ["split", "hit", "stand", "stand"]), "ru");
    expect((await screen.findAllByRole("img", { name: "десятка, червы" })).length).toBeGreaterThan(0);
    expect(screen.getByText("Раунд шаг за шагом")).toBeInTheDocument();
  });
});
