// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { I18nextProvider } from "react-i18next";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { dismissAllConfirmations, requestConfirmation, useConfirmations } from "./confirmation-store.ts";
import ModalLayers from "./modal-layers.tsx";
import { i18nFor } from "#app/lib/i18n.ts";

// Tells React this is a test environment that wraps updates in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | null = null;
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

async function render(withAddressModal = true) {
  await act(async () => {
    root?.render(
      <I18nextProvider i18n={i18nFor("en")}>
        <Layers withAddressModal={withAddressModal} />
      </I18nextProvider>,
    );
  });
  // The modal's content is a lazily loaded chunk.
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
}

const layers = () => [...document.querySelectorAll<HTMLElement>('[role="dialog"], [role="alertdialog"]')];
const zIndexOf = (element: Element | null | undefined) => (element as HTMLElement | null)?.style.zIndex;
const pressEscape = () => act(async () => void document.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true })));

beforeEach(() => {
  page = document.createElement("div");
  page.id = "page";
  document.body.append(page);
  root = createRoot(page.appendChild(document.createElement("div")));
  closeAddressModal.mockReset();
});

afterEach(async () => {
  dismissAllConfirmations();
  await act(async () => root?.unmount());
  root = null;
  document.body.innerHTML = "";
});

describe("ModalLayers", () => {
  it("shows the modal's title and the placeholder, and locks the page behind", async () => {
    await render();
    const [dialog] = layers();
    expect(dialog?.textContent).toContain("Install the app");
    expect(dialog?.textContent).toContain("This part of Playfair is on its way");
    expect(page.hasAttribute("inert")).toBe(true);
    expect(document.documentElement.style.overflow).toBe("hidden");
  });

  it("stacks a confirmation above the address modal (z-index 1000, then 1002) and makes the lower one inert", async () => {
    await render();
    let answer: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      answer = requestConfirmation({ title: "Delete this limit?", tone: "danger" });
    });
    const [addressModal, confirmation] = layers();
    const backdrops = document.querySelectorAll("[data-modal-backdrop]");
    expect([zIndexOf(backdrops[0]), zIndexOf(backdrops[1])]).toEqual(["1000", "1002"]);
    expect(zIndexOf(addressModal?.parentElement)).toBe("1001");
    expect(zIndexOf(confirmation?.parentElement)).toBe("1003");
    expect(addressModal?.parentElement?.hasAttribute("inert")).toBe(true);
    expect(confirmation?.getAttribute("role")).toBe("alertdialog");

    // Escape answers the top layer only.
    await pressEscape();
    await expect(answer).resolves.toBe(false);
    expect(closeAddressModal).not.toHaveBeenCalled();
    expect(layers()).toHaveLength(1);
    await pressEscape();
    expect(closeAddressModal).toHaveBeenCalledTimes(1);
  });

  it("resolves a confirmation with true when confirmed", async () => {
    await render(false);
    let answer: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      answer = requestConfirmation({ title: "End this session?", confirmLabel: "End session" });
    });
    const confirm = [...document.querySelectorAll("button")].find((button) => button.textContent === "End session");
    await act(async () => confirm?.click());
    await expect(answer).resolves.toBe(true);
    expect(layers()).toHaveLength(0);
  });

  it("lifts the lock and gives focus back when the last layer closes", async () => {
    const opener = document.createElement("button");
    page.append(opener);
    opener.focus();
    await render();
    expect(document.activeElement).not.toBe(opener);
    await act(async () => root?.render(<></>));
    await act(async () => {
      await Promise.resolve();
    });
    expect(page.hasAttribute("inert")).toBe(false);
    expect(document.documentElement.style.overflow).toBe("");
    expect(document.activeElement).toBe(opener);
  });
});
