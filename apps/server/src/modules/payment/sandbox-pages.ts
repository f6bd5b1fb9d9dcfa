import { serverPagePolicy } from "../../lib/page-policy.ts";
import type { SandboxPaymentRow } from "./sandbox-provider.ts";

// The sandbox provider's own web pages: the 3-D Secure step of a card and the payment page of a
// redirect method (PIX, SEPA, e-wallets...). Plain server HTML with two form buttons, standing in
// for a provider's site, so it is deliberately outside the React app and its translations.

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The pages' one <style> element; constant, so their policy allows it by hash (SANDBOX_PAGE_POLICY). */
const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f3f4f6; color: #111827; }
  main { background: #fff; border-radius: 12px; padding: 24px; width: min(92vw, 420px); box-shadow: 0 4px 24px rgb(0 0 0 / 0.08); }
  h1 { font-size: 1.25rem; margin: 0 0 8px; }
  p { margin: 8px 0; line-height: 1.5; }
  .amount { font-size: 1.5rem; font-weight: 700; }
  .badge { display: inline-block; font-size: 0.75rem; padding: 2px 8px; border-radius: 999px; background: #fef3c7; color: #92400e; }
  form { display: inline; }
  .actions { display: flex; gap: 12px; margin-top: 20px; flex-wrap: wrap; }
  button { font: inherit; padding: 10px 18px; border-radius: 8px; border: 1px solid #d1d5db; cursor: pointer; background: #fff; color: #111827; }
  button.primary { background: #15803d; border-color: #15803d; color: #fff; }
  button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
  @media (prefers-color-scheme: dark) {
    body { background: #111827; color: #f9fafb; }
    main { background: #1f2937; }
    button { background: #374151; color: #f9fafb; border-color: #4b5563; }
  }`;

/** The Content-Security-Policy of these pages: their style element, forms posting to this site, nothing else. */
export const SANDBOX_PAGE_POLICY = serverPagePolicy({ inlineStyles: [STYLE] });

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
${body}
</main>
</body>
</html>`;
}

export function checkoutPage(payment: SandboxPaymentRow, actionBase: string): string {
  const isCard = payment.kind === "card";
  const title = isCard ? "3-D Secure confirmation" : "Sandbox payment";
  const details = payment.details as { methodCode?: string; cardLast4?: string };
  const what = isCard ? `Card ending in ${escapeHtml(details.cardLast4 ?? "")}` : escapeHtml(details.methodCode ?? payment.kind);
  if (payment.status !== "awaiting-confirmation") {
    return page(title, `<h1>${title}</h1><p>This payment is no longer waiting for you (${escapeHtml(payment.status)}).</p>`);
  }
  return page(
    title,
    `<span class="badge">Sandbox — no real money moves</span>
<h1>${title}</h1>
<p>${what}</p>
<p class="amount">${escapeHtml(payment.amount)} ${escapeHtml(payment.currency)}</p>
<p>${isCard ? "Your bank asks you to confirm this card payment." : "Confirm to pay, or cancel to go back without paying."}</p>
<div class="actions">
<form method="post" action="${actionBase}/${encodeURIComponent(payment.id)}/confirm"><button class="primary" type="submit">Confirm payment</button></form>
<form method="post" action="${actionBase}/${encodeURIComponent(payment.id)}/cancel"><button type="submit">Cancel</button></form>
</div>`,
  );
}

export function notFoundPage(): string {
  return page("Payment not found", "<h1>Payment not found</h1><p>This sandbox payment does not exist.</p>");
}
