import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useController, useFormContext } from "react-hook-form";
import { FieldMessage, useFieldError } from "./field-shell.tsx";
import { cx } from "#app/lib/cx.ts";
import { toLatinDigits } from "@playfair/contracts/validation/masks";

/**
 * A one-time code as one box per digit: typing moves on, Backspace moves back, pasting (or the
 * phone's one-time-code autofill) fills every box at once. `onComplete` runs when the last digit is in.
 */
export function CodeField({ name = "code", label, length, onComplete, autoFocus }: { name?: string; label: string; length: number; onComplete?: (code: string) => void; autoFocus?: boolean }) {
  const { t } = useTranslation("accounts");
  const id = useId();
  const { control } = useFormContext();
  const { field } = useController({ name, control });
  const error = useFieldError(name);
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const value = typeof field.value === "string" ? field.value : "";
  const digits = Array.from({ length }, (_, index) => value[index] ?? "");

  function setCode(next: string, focusIndex: number) {
    const code = next.slice(0, length);
    field.onChange(code);
    boxes.current[Math.min(focusIndex, length - 1)]?.focus();
    if (code.length === length && /^\d+$/.test(code)) onComplete?.(code);
  }

  function fill(index: number, typed: string) {
    const incoming = toLatinDigits(typed).replace(/\D/g, "");
    if (incoming === "") return;
    const before = digits.slice(0, index).join("").padEnd(index, " ").replace(/ /g, "");
    setCode(`${before}${incoming}`.slice(0, length), before.length + incoming.length);
  }

  function onKeyDown(index: number, event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "Backspace") {
      event.preventDefault();
      const cut = digits[index] ? index : Math.max(0, index - 1);
      setCode(digits.slice(0, cut).join(""), cut);
    } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
      const step = (event.key === "ArrowRight") !== rtl ? 1 : -1;
      boxes.current[Math.min(Math.max(index + step, 0), length - 1)]?.focus();
    }
  }

  function onPaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const pasted = toLatinDigits(event.clipboardData.getData("text")).replace(/\D/g, "");
    if (pasted !== "") setCode(pasted, pasted.length);
  }

  return (
    <div className="flex flex-col gap-2" data-field={name}>
      <span id={`${id}-label`} className="text-sm font-semibold text-fg">
        {label}
      </span>
      <div role="group" aria-labelledby={`${id}-label`} aria-describedby={error ? `${id}-message` : undefined} className="flex justify-between gap-2" dir="ltr">
        {digits.map((digit, index) => (
          <input
            key={index}
            ref={(element) => {
              boxes.current[index] = element;
              if (index === 0) field.ref(element);
            }}
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? "one-time-code" : "off"}
            autoFocus={autoFocus && index === 0}
            maxLength={index === 0 ? length : 1}
            value={digit}
            aria-label={t("codeVerify.digit", { index: index + 1, count: length })}
            aria-invalid={error ? true : undefined}
            onChange={(event) => fill(index, event.target.value.replace(digit, "") || event.target.value)}
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            onFocus={(event) => event.currentTarget.select()}
            onBlur={field.onBlur}
            className={cx(
              "h-14 w-full min-w-0 rounded-lg border border-border-strong bg-surface text-center font-mono text-2xl font-semibold text-fg tabular-nums",
              "transition-[border-color,box-shadow] duration-150 focus-visible:border-brand focus-visible:ring-3 focus-visible:ring-brand/20 focus-visible:outline-none",
              "aria-invalid:border-error",
              digit !== "" && "border-fg-subtle/60",
            )}
          />
        ))}
      </div>
      {error ? (
        <FieldMessage id={`${id}-message`} error>
          {error}
        </FieldMessage>
      ) : null}
    </div>
  );
}
