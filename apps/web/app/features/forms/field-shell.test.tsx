// @vitest-environment happy-dom
import "@testing-library/jest-dom/vitest";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { AppForm, useAppForm } from "./app-form.tsx";
import { TextField } from "./text-field.tsx";
import { i18nFor } from "#app/lib/i18n.ts";

function SignInLikeForm() {
  const form = useAppForm({ fields: ["login", "password"], required: ["login", "password"], defaultValues: { login: "", password: "" } });
  return (
    <AppForm form={form} onSubmit={() => undefined} aria-label="form">
      <TextField name="login" label="Login" />
      <TextField name="password" label="Password" />
      <button type="submit">Send</button>
    </AppForm>
  );
}

function renderForm() {
  render(
    <I18nextProvider i18n={i18nFor("en")}>
      <SignInLikeForm />
    </I18nextProvider>,
  );
  return { login: screen.getByLabelText("Login") };
}

function errorUnder(field: string): Element | null {
  return document.querySelector(`[data-field="${field}"] [data-field-error]`);
}

describe("field errors", () => {
  afterEach(cleanup);

  it("stay hidden for a field the player only passed through, so the form below does not move", async () => {
    const { login } = renderForm();
    fireEvent.focus(login);
    fireEvent.blur(login);
    // Give the resolver its turn: an error would have rendered by now.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errorUnder("login")).toBeNull();
    expect(login).not.toHaveAttribute("aria-invalid");
  });

  it("appear when the player leaves a field with a wrong value", async () => {
    const { login } = renderForm();
    fireEvent.change(login, { target: { value: " " } });
    fireEvent.blur(login);
    await waitFor(() => expect(errorUnder("login")).not.toBeNull());
    expect(login).toHaveAttribute("aria-invalid", "true");
  });

  it("appear under every empty required field once the form is submitted", async () => {
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(errorUnder("login")).not.toBeNull());
    expect(errorUnder("password")).not.toBeNull();
  });
});
