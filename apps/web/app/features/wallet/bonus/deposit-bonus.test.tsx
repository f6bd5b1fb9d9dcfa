// @vitest-environment happy-dom
import type { DepositBonus, PlayerBonusCode } from "@playfair/contracts/bonus/player-bonuses";
import type { BonusTerms } from "@playfair/contracts/bonus/templates";
import type { PaymentMethod } from "@playfair/contracts/payment/methods";
import type { WalletAccount } from "@playfair/contracts/wallet/accounts";
import "@testing-library/jest-dom/vitest";
import { cleanup, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PaymentForm } from "../flow/payment-form.tsx";
import { EUR, renderAsPlayer, requestsTo } from "./bonus-test-kit.tsx";

const api = vi.hoisted(() => ({ apiRequest: vi.fn() }));
vi.mock("#app/lib/api-client.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), apiRequest: api.apiRequest }));

const ACCOUNT: WalletAccount = {
  id: "acc-eur",
  currency: "EUR",
  balance: "0",
  cash: "0",
  bonus: "0",
  pendingWithdrawal: "0",
  status: 1,
  isSelected: true,
  isHidden: false,
  equivalent: null,
};
const METHOD: PaymentMethod = {
  code: "sandbox.deposit.card",
  provider: "sandbox",
  direction: "deposit",
  kind: "card",
  flow: "instant",
  label: "Card",
  labelKey: "methods.card",
  isManualAgent: false,
  popularKey: null,
  isPopular: false,
  currency: "EUR",
  amount: { min: "1", max: "5000" },
  presets: [],
  fields: [],
} as unknown as PaymentMethod;

const TERMS: BonusTerms = { product: "casino", wageringMultiplier: "5", wageringBase: "bonus", contributions: { default: "100" }, gameIds: [], maxBet: {}, minMultiplier: "1", activationDays: 7, wageringDays: 30, maxConversionMultiplier: null, excludedCountries: [] };
const WELCOME_ID = "11111111-1111-4111-8111-111111111111";
const RELOAD_ID = "22222222-2222-4222-8222-222222222222";

/** What the server answers for an amount: 100% up to €200, from the offer's minimum. */
function offer(id: string, minDeposit: string, step: number | null, amount: string | null): DepositBonus {
  const qualifies = amount !== null && Number(amount) >= Number(minDeposit);
  return {
    id,
    package: step === null ? null : { id: "33333333-3333-4333-8333-333333333333", step },
    code: step === null ? "reload" : `welcome-${step}`,
    title: step === null ? "Weekend reload" : "Welcome bonus",
    description: "",
    percent: "100",
    maxAmount: "200",
    minDeposit,
    bonusAmount: qualifies ? amount : null,
    qualifies,
    triggerConditions: { invoiceAmountItems: [{ currency: "EUR", amountFrom: minDeposit }], baseCurrencyInvoiceAmountFrom: null },
    terms: TERMS,
    pageIdentity: step === null ? null : "welcome",
  };
}

let pendingCodes: PlayerBonusCode[] = [];

beforeEach(() => {
  pendingCodes = [];
  api.apiRequest.mockReset().mockImplementation((path: string, options: { query?: Record<string, string>; body?: unknown } = {}) => {
    if (path === "/api/settings/currencies") return Promise.resolve({ data: [EUR] });
    if (path === "/api/game/bonuses") {
      const amount = options.query?.amount ?? null;
      return Promise.resolve({ data: [offer(WELCOME_ID, "20", 1, amount), offer(RELOAD_ID, "100", null, amount)] });
    }
    if (path === "/api/game/bonuses/bonuscodes") return Promise.resolve({ data: pendingCodes });
    if (path === "/api/payment/invoices/deposit") {
      return Promise.resolve({ data: { id: "inv-1", status: 1, type: 1, amount: "50", currency: "EUR" } });
    }
    return Promise.reject(new Error(`unexpected ${path}`));
  });
});
afterEach(() => cleanup());

function renderForm() {
  const onInvoice = vi.fn();
  renderAsPlayer(<PaymentForm direction="deposit" account={ACCOUNT} method={METHOD} onBack={() => undefined} onInvoice={onInvoice} onLimitReached={() => undefined} />, "/?wallet=deposit");
  return { onInvoice };
}

async function typeAmount(user: ReturnType<typeof userEvent.setup>, amount: string) {
  await user.type(await screen.findByRole("textbox", { name: /amount/i }), amount);
}

function depositBodies(): Record<string, unknown>[] {
  return requestsTo(api.apiRequest, "/api/payment/invoices/deposit").map((options) => options.body as Record<string, unknown>);
}

describe("the deposit form's bonus choice", () => {
  it("offers the bonuses for the typed amount, preselects the welcome package step and sends its id as bonusId", async () => {
    const user = userEvent.setup();
    const { onInvoice } = renderForm();
    await typeAmount(user, "50");
    const welcome = await screen.findByRole("radio", { name: /Welcome bonus/ });
    expect(welcome).toBeChecked();
    await waitFor(() => expect(document.querySelector(`[data-deposit-bonus="${WELCOME_ID}"] [data-deposit-bonus-amount]`)).toHaveTextContent("+€50.00 bonus"));
    expect(screen.getByText("Welcome package · deposit 1")).toBeInTheDocument();
    // The offers were asked again for the typed amount once typing rested.
    expect(requestsTo(api.apiRequest, "/api/game/bonuses").some((options) => /^50(\.0+)?$/.test(options.query?.amount ?? ""))).toBe(true);
    await user.click(screen.getByRole("button", { name: "Deposit" }));
    await waitFor(() => expect(onInvoice).toHaveBeenCalled());
    expect(depositBodies()).toEqual([expect.objectContaining({ amount: expect.stringMatching(/^50(\.0+)?$/), currency: "EUR", bonusId: WELCOME_ID })]);
  });

  it("sends no bonusId when the player chooses no bonus", async () => {
    const user = userEvent.setup();
    const { onInvoice } = renderForm();
    await typeAmount(user, "50");
    await user.click(await screen.findByRole("radio", { name: "No bonus" }));
    expect(screen.getByRole("radio", { name: /Welcome bonus/ })).not.toBeChecked();
    await user.click(screen.getByRole("button", { name: "Deposit" }));
    await waitFor(() => expect(onInvoice).toHaveBeenCalled());
    const [body] = depositBodies();
    expect(body).toBeDefined();
    expect(body).not.toHaveProperty("bonusId");
  });

  it("says when the amount is under the chosen bonus's minimum, and deposits nothing until the player changes it", async () => {
    const user = userEvent.setup();
    renderForm();
    await typeAmount(user, "50");
    const reload = await screen.findByRole("radio", { name: /Weekend reload/ });
    await user.click(reload);
    const card = document.querySelector<HTMLElement>(`[data-deposit-bonus="${RELOAD_ID}"]`);
    expect(card).not.toBeNull();
    expect(within(card!).getByText("Deposit at least €100.00 to get this bonus")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Deposit" }));
    expect(await screen.findByText("The bonus you chose needs a deposit of at least €100.00. Deposit more or choose no bonus.")).toBeInTheDocument();
    expect(depositBodies()).toEqual([]);
    // Choosing no bonus lets the same amount through.
    await user.click(screen.getByRole("radio", { name: "No bonus" }));
    await user.click(screen.getByRole("button", { name: "Deposit" }));
    await waitFor(() => expect(depositBodies()).toHaveLength(1));
    expect(depositBodies()[0]).not.toHaveProperty("bonusId");
  });

  it("tells the player a deposit code they entered earlier will apply", async () => {
    pendingCodes = [
      { id: "44444444-4444-4444-8444-444444444444", code: "SPRING", trigger: "deposit", status: 1, title: "50% up to €100", playerBonusId: null, createdAt: "2026-01-01T00:00:00Z" },
      { id: "55555555-5555-4555-8555-555555555555", code: "OLD", trigger: "deposit", status: 2, title: null, playerBonusId: null, createdAt: "2025-01-01T00:00:00Z" },
    ];
    renderForm();
    expect(await screen.findByText("Your bonus code SPRING will be applied to this deposit: 50% up to €100.")).toBeInTheDocument();
    expect(screen.queryByText(/OLD/)).toBeNull();
  });
});
