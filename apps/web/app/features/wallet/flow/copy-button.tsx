import { useState } from "react";
import { useTranslation } from "react-i18next";
import { CopyIcon } from "../wallet-pieces.tsx";
import { CheckIcon } from "#app/components/icons.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { showAlert } from "#app/features/alerts/alert-store.ts";

/** Copies a payment detail, confirming with an alert and a tick for two seconds. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const { t } = useTranslation("wallet");
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
      showAlert({ kind: "success", title: t("common.copied"), dedupeKey: `copied:${text}` });
      window.setTimeout(() => setCopied(false), 2000);
    } catch {
      showAlert({ kind: "error", title: t("common.copyFailed"), description: text });
    }
  }
  return (
    <Button variant="secondary" size="sm" onClick={() => void copy()} aria-label={label} title={label} className="shrink-0 px-3" data-copy="">
      {copied ? <CheckIcon className="size-4" /> : <CopyIcon className="size-4" />}
      <span className="sr-only xs:not-sr-only">{copied ? t("common.copied") : t("common.copy")}</span>
    </Button>
  );
}
