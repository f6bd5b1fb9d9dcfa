// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import GetCodeModal from "./get-code-modal.tsx";
import { CURRENCIES, renderWithApp } from "./bonus-test-kit.tsx";
import { ApiRequestError } from "#app/lib/api-client.ts";

const api = vi.hoisted(() => ({ apiRequest: vi.fn(), showAlert: vi.fn() }));
vi.mock("#app/lib/api-client.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), apiRequest: api.apiRequest }));
vi.mock("#app/features/alerts/alert-store.ts", async (importOriginal) => ({ ...(await importOriginal<object>()), showAlert: api.showAlert }));

function answerCode(result: () => unknown) {
  api.apiRequest.mockReset().mockImplementation(async (path: string) => (path === "/api/settings/currencies" ? CURRENCIES : result()));
}

const props = { id: "get-code" as const, value: "true", title: "Get code", close: vi.fn() };

async function enter(code: string) {
  await userEvent.type(await screen.findByLabelText("Bonus code"), code);
  await userEvent.click(screen.getByRole("button", { name: "Get the bonus" }));
}

beforeEach(() => api.showAlert.mockReset());
afterEach(cleanup);

describe("the get-code modal", () => {
  it("sends the code with trigger manual and shows what it gave", async () => {
    answerCode(() => ({ data: { id: "c", code: "FREE10", trigger: "manual", status: 2, title: "10 EUR free", playerBonusId: "b", createdAt: "" } }));
    renderWithApp(<GetCodeModal {...props} />);
    await enter("FREE10");
    expect(await screen.findByText("Bonus code accepted")).toBeInTheDocument();
    expect(screen.getByText("You received: 10 EUR free")).toBeInTheDocument();
    expect(api.apiRequest).toHaveBeenCalledWith("/api/game/bonuses/bonuscodes", expect.objectContaining({ method: "POST", body: { bonusCode: "FREE10", trigger: "manual" } }));
    expect(api.showAlert).toHaveBeenCalledWith(expect.objectContaining({ kind: "success", title: "Bonus code accepted" }));
  });

  it("shows an incorrect code (status 3) as an error alert and under the field", async () => {
    answerCode(() => {
      throw new ApiRequestError({ status: 422, code: "VALIDATION_FAILED", message: "bad", reason: "3", fieldErrors: { bonusCode: ["Unknown code"] } });
    });
    renderWithApp(<GetCodeModal {...props} />);
    await enter("NOPE");
    expect(await screen.findByText("“NOPE” is not a valid bonus code. Check it and try again.")).toBeInTheDocument();
    expect(screen.getByLabelText("Bonus code")).toHaveAttribute("aria-invalid", "true");
    expect(api.showAlert).toHaveBeenCalledWith(expect.objectContaining({ kind: "error", title: "Incorrect bonus code" }));
  });

  it("shows a code that is not available (status 4) as an error alert", async () => {
    answerCode(() => {
      throw new ApiRequestError({ status: 422, code: "VALIDATION_FAILED", message: "used", reason: "4" });
    });
    renderWithApp(<GetCodeModal {...props} />);
    await enter("USED");
    expect(await screen.findByText(/“USED” cannot be used/)).toBeInTheDocument();
    expect(api.showAlert).toHaveBeenCalledWith(expect.objectContaining({ kind: "error", title: "Bonus code not available" }));
  });

  it("asks for a code before sending anything", async () => {
    answerCode(() => ({}));
    renderWithApp(<GetCodeModal {...props} />);
    await userEvent.click(await screen.findByRole("button", { name: "Get the bonus" }));
    expect(screen.getByText("Value is required")).toBeInTheDocument();
    expect(api.apiRequest).not.toHaveBeenCalledWith("/api/game/bonuses/bonuscodes", expect.anything());
  });

  it("asks a visitor to sign in", async () => {
    answerCode(() => ({}));
    renderWithApp(<GetCodeModal {...props} />, { session: { status: "guest" } });
    expect(await screen.findByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/bonuses?sign-in=true");
  });
});
