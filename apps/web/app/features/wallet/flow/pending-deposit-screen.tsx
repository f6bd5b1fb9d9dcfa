import type { Invoice } from "@playfair/contracts/payment/invoices";
import { useTranslation } from "react-i18next";
import { QrCode } from "../qr-code.tsx";
import { CancelDepositButton } from "../cancel-deposit-button.tsx";
import { useMoneyFormat } from "../use-wallet.ts";
import { ClockIcon, ExternalIcon } from "../wallet-pieces.tsx";
import { CopyButton } from "./copy-button.tsx";
import { Button, buttonClassName } from "#app/components/ui/button.tsx";
import { Spinner } from "#app/features/forms/form-status.tsx";
import { useModal } from "#app/features/modals/use-modal.ts";

/** What the player does next for a pending deposit: pay to an address, on the provider's page, or at a cash agent. */
export function PendingDepositScreen({ invoice, close }: { invoice: Invoice; close: () => void }) {
  const { t } = useTranslation("wallet");
  const { money } = useMoneyFormat();
  const { openModal } = useModal();
  const sum = money(invoice.amount, invoice.currency);
  const data = invoice.publicData;
  const providerPage = data.confirmUrl ?? data.redirectUrl;
  return (
    <div className="flex flex-col gap-4" data-pending-invoice={invoice.id}>
      {data.qr || data.address ? (
        <>
          <p className="text-pretty text-fg-muted">{t("pending.crypto.intro", { sum: sum })}</p>
          {data.qr ? (
            <div className="mx-auto w-full max-w-56 rounded-xl border border-border bg-white p-2 shadow-card">
              <QrCode value={data.qr} label={t("pending.crypto.qrLabel", { currency: invoice.currency })} className="block h-auto w-full" />
            </div>
          ) : null}
          <dl className="flex flex-col gap-3 rounded-xl bg-surface-muted p-4 text-sm">
            <div>
              <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("pending.crypto.amount")}</dt>
              <dd className="mt-0.5 font-semibold" data-crypto-amount="">
                <span dir="ltr">{sum}</span>
              </dd>
            </div>
            {data.address ? (
              <div>
                <dt className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">
                  {data.network ? t("pending.crypto.addressOn", { network: data.network }) : t("pending.crypto.address")}
                </dt>
                <dd className="mt-1 flex items-start gap-2">
                  <code className="min-w-0 flex-1 font-mono text-[0.8125rem] break-all" dir="ltr" data-crypto-address="">
                    {data.address}
                  </code>
                  <CopyButton text={data.address} label={t("pending.crypto.copyAddress")} />
                </dd>
              </div>
            ) : null}
          </dl>
        </>
      ) : providerPage ? (
        <>
          <p className="text-pretty text-fg-muted">{data.confirmUrl ? t("pending.confirm.intro", { sum: sum }) : t("pending.redirect.intro", { sum: sum })}</p>
          <a href={providerPage} target="_blank" rel="noopener noreferrer" className={buttonClassName({ variant: "accent", size: "lg" })} data-provider-page="">
            {data.confirmUrl ? t("pending.confirm.action") : t("pending.redirect.action")}
            <ExternalIcon className="size-[1.125rem]" />
          </a>
        </>
      ) : (
        <>
          <p className="text-pretty text-fg-muted">{t("pending.manual.intro", { sum: sum })}</p>
          {data.reference ? (
            <div className="flex items-center justify-between gap-3 rounded-xl bg-surface-muted p-4">
              <div>
                <p className="text-xs font-semibold tracking-wide text-fg-subtle uppercase">{t("pending.manual.reference")}</p>
                <p className="mt-0.5 font-mono font-semibold" dir="ltr">
                  {data.reference}
                </p>
              </div>
              <CopyButton text={data.reference} label={t("pending.manual.copyReference")} />
            </div>
          ) : null}
        </>
      )}
      <p role="status" className="flex items-center justify-center gap-2 text-sm font-medium text-fg-muted" data-invoice-status="1">
        <Spinner className="size-4 text-brand" />
        {data.qr || data.address ? t("pending.crypto.waiting") : t("pending.waiting")}
      </p>
      <p className="text-center text-xs text-fg-subtle">{t("pending.number", { number: invoice.number })}</p>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" className="flex-1" onClick={() => openModal("deposit-status")}>
          <ClockIcon className="size-[1.125rem]" />
          {t("pending.checkStatus")}
        </Button>
        <Button variant="ghost" className="flex-1" onClick={close}>
          {t("common.close")}
        </Button>
      </div>
      <CancelDepositButton invoice={invoice} variant="ghost" className="self-center text-fg-muted" />
    </div>
  );
}
