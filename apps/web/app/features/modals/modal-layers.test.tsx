// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { act, cleanup, fireEvent, render, screen, waitFor, within, type RenderResult } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useConfirmations } from "./confirmation-list.ts";
import { dismissAllConfirmations, requestConfirmation } from "./confirmation-store.ts";
import ModalLayers from "./modal-layers.tsx";
import { i18nFor } from "#app/lib/i18n.ts";

let page: HTMLElement;
const closeAddressModal = vi.fn();

function Layers({ withAddressModal }: { withAddressModal: boolean }) {
  const confirmations = useConfirmations();
  if (!withAddressModal && confirmations.length === 0) return null;
  return (
    <ModalLayers
      current={withAddressModal ? { id: "install-app", value: "true" } : null}
      confirmations={confirmations}
      onCloseCurrent={closeAddressModal}
    />
  );
}

/** Renders the layers inside the page element (#page, which they make inert). */
async function renderLayers(withAddressModal = true): Promise<RenderResult> {
  const view = render(
    <I18nextProvider i18n={i18nFor("en")}>
      <Layers withAddressModal={withAddressModal} />
    </I18nextProvider>,
    { container: page.appendChild(document.createElement("div")) },
  );
  // The modal's content is a lazily loaded chunk.
  if (withAddressModal) await screen.findByText(/This part of Playfair is on its way/);
  return view;
}

const layers = () => [...screen.queryAllByRole("dialog"), ...screen.queryAllByRole("alertdialog")];
const zIndexOf = (element: Element | null | undefined) => (element as HTMLElement | null)?.style.zIndex;
const pressEscape = () => fireEvent.keyDown(document, { key: "Escape" });

beforeEach(() => {
  page = document.createElement("div");
  page.id = "page";
  document.body.append(page);
  closeAddressModal.mockReset();
});

afterEach(() => {
  act(() => dismissAllConfirmations());
  cleanup();
  document.body.innerHTML = "";
});

describe("ModalLayers", () => {
  it("shows the modal's title and the placeholder, and locks the page behind", async () => {
    await renderLayers();
    const dialog = screen.getByRole("dialog", { name: "Install the app" });
    expect(dialog).toHaveTextContent("This part of Playfair is on its way");
    expect(page).toHaveAttribute("inert");
    expect(document.documentElement.style.overflow).toBe("hidden");
  });

  it("stacks a confirmation above the address modal (z-index 1000, then 1002) and makes the lower one inert", async () => {
    await renderLayers();
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = requestConfirmation({ title: "Delete this limit?", tone: "danger" });
    });
    const addressModal = screen.getByRole("dialog", { name: "Install the app" });
    const confirmation = screen.getByRole("alertdialog", { name: "Delete this limit?" });
    const backdrops = document.querySelectorAll("[data-modal-backdrop]");
    expect([zIndexOf(backdrops[0]), zIndexOf(backdrops[1])]).toEqual(["1000", "1002"]);
    expect(zIndexOf(addressModal?.parentElement)).toBe("1001");
    expect(zIndexOf(confirmation?.parentElement)).toBe("1003");
    expect(addressModal.parentElement).toHaveAttribute("inert");

    // Escape answers the top layer only.
    pressEscape();
    await expect(answer).resolves.toBe(false);
    expect(closeAddressModal).not.toHaveBeenCalled();
    expect(layers()).toHaveLength(1);
    pressEscape();
    expect(closeAddressModal).toHaveBeenCalledTimes(1);
  });

  it("resolves a confirmation with true when confirmed", async () => {
    await renderLayers(false);
    let answer: Promise<boolean> = Promise.resolve(false);
    act(() => {
      answer = requestConfirmation({ title: "End this session?", confirmLabel: "End session" });
    });
    fireEvent.click(screen.getByRole("button", { name: "End session" }));
    await expect(answer).resolves.toBe(true);
    expect(layers()).toHaveLength(0);
  });

  it("shows a notice with its one button, which dismisses it", async () => {
    await renderLayers();
    let answer: Promise<boolean> = Promise.resolve(true);
    act(() => {
      answer = requestConfirmation({ title: "Game limit reached", description: "This stake is over your bet limit.", notice: true });
    });
    const notice = screen.getByRole("alertdialog", { name: "Game limit reached" });
    expect(notice).toHaveAccessibleDescription("This stake is over your bet limit.");
    // The dialog's own close button in its header, and the notice's one action: nothing to confirm or cancel.
    const buttons = within(notice).getAllByRole("button");
    expect(buttons.map((button) => button.textContent || button.getAttribute("aria-label"))).toEqual(["Close", "Close"]);
    fireEvent.click(buttons[1]!);
    await expect(answer).resolves.toBe(false);
    expect(layers()).toHaveLength(1);
  });

  it("lifts the lock and gives focus back when the last layer closes", async () => {
    const opener = document.createElement("button");
    page.append(opener);
    opener.focus();
    const view = await renderLayers();
    expect(opener).not.toHaveFocus();
    view.rerender(<></>);
    await waitFor(() => expect(opener).toHaveFocus());
    expect(page).not.toHaveAttribute("inert");
    expect(document.documentElement.style.overflow).toBe("");
  });
});
