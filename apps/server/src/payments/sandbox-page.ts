import { type CoinPaymentMethod, coinPaymentMethodLabels } from '@hondana/domain/wallet/wallet-payments';
import { sandboxCopy as copy } from './sandbox-copy';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const layout = (body: string) => `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${copy.pageTitle}</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;background:#f4f4f6;color:#222}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 2px 8px rgba(0,0,0,.08)}
h1{font-size:20px;margin:0 0 12px}p.notice{font-size:13px;color:#a33;background:#fff3f3;padding:8px;border-radius:6px}
dl{display:grid;grid-template-columns:auto 1fr;gap:8px 16px}dt{color:#666}dd{margin:0;font-weight:bold}
.actions{display:flex;gap:12px;margin-top:24px}button,a.button{flex:1;padding:12px;font-size:16px;border-radius:8px;border:1px solid #ccc;background:#fff;text-align:center;text-decoration:none;color:#222}
button.approve{background:#e5004f;border-color:#e5004f;color:#fff}
</style></head><body><main>${body}</main></body></html>`;

/** The sandbox's confirmation page of a pending carrier or wallet payment. */
export function confirmationPage(payment: { ref: string; method: string; amountYen: number }): string {
  const label = coinPaymentMethodLabels[payment.method as CoinPaymentMethod] ?? payment.method;
  const action = `/api/sandbox/payments/${encodeURIComponent(payment.ref)}`;
  return layout(`<h1>${copy.pageTitle}</h1>
<p class="notice">${copy.notice}</p>
<dl><dt>${copy.method}</dt><dd>${escapeHtml(label)}</dd>
<dt>${copy.amount}</dt><dd>${copy.yen(payment.amountYen.toLocaleString('ja-JP'))}</dd></dl>
<div class="actions">
<form method="post" action="${action}/cancel" style="flex:1;display:flex"><button type="submit">${copy.cancel}</button></form>
<form method="post" action="${action}/approve" style="flex:1;display:flex"><button type="submit" class="approve">${copy.approve}</button></form>
</div>
<div class="actions">
<form method="post" action="${action}/result_error" style="flex:1;display:flex"><button type="submit">${copy.resultError}</button></form>
</div>`);
}

export function decidedPage(returnUrl: string | null, message: string): string {
  const back = returnUrl ? `<div class="actions"><a class="button" href="${escapeHtml(returnUrl)}">${copy.backToStore}</a></div>` : '';
  return layout(`<h1>${copy.pageTitle}</h1><p>${escapeHtml(message)}</p>${back}`);
}
