/**
 * Queue consumer: one receipt e-mail per paid order, with a link to each album's download, and one refund e-mail per
 * refunded order. An order's albums are recorded together, so the first of its PurchaseCompleted events finds them
 * all; `once` keyed on the order keeps the others (and any redelivery) from mailing again. A refund is one event,
 * mailed once on its id.
 */
import { brand } from '../../../events/brand.js';
import { formatUsd } from '../contract/pricing.js';
import { readOrder } from '../commerce.js';
import { escapeHtml } from '../../platform/contract/html.js';
import { appOrigin, sendMail, type Mail } from '../../platform/mail.js';
import { receiptMailKey, refundMailKey } from '../../platform/mail-effects.js';
import { once } from '../../platform/once.js';
import { reactorConsumer } from '../../platform/reactor.js';

export function receiptMail(to: string, albums: { albumId: string; title: string; price: number }[], total: number, orderId: string): Mail {
  const downloads = `${appOrigin()}/library?tab=downloads`;
  const lines = albums.map((a) => `${a.title} (${formatUsd(a.price)}): ${appOrigin()}/album/${a.albumId}`);
  return {
    to,
    subject: `Your ${brand.labelName} receipt: ${albums.length === 1 ? albums[0].title : `${albums.length} albums`}`,
    text: [
      `Thank you for your purchase (order ${orderId}).`,
      '',
      ...lines,
      '',
      `Total: ${formatUsd(total)}`,
      '',
      `Download your albums (MP3, WAV and instrumentals in one ZIP each): ${downloads}`,
      `Questions? ${brand.supportEmail}`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#111;color:#eee;padding:24px"><div style="max-width:480px;margin:0 auto">
<h1 style="font-size:20px">Purchase complete</h1><p>Thank you for your purchase (order ${escapeHtml(orderId)}).</p><ul>
${albums.map((a) => `<li><a style="color:${brand.accentColor}" href="${escapeHtml(`${appOrigin()}/album/${a.albumId}`)}">${escapeHtml(a.title)}</a> · ${formatUsd(a.price)}</li>`).join('\n')}
</ul><p><strong>Total: ${formatUsd(total)}</strong></p>
<p style="margin:24px 0"><a href="${escapeHtml(downloads)}" style="background:${brand.accentColor};color:#111;padding:12px 20px;border-radius:8px;text-decoration:none;font-weight:600">Download your albums</a></p>
<p style="color:#999;font-size:12px">${escapeHtml(brand.labelName)} · ${escapeHtml(brand.supportEmail)}</p></div></body></html>`,
  };
}

export function refundMail(to: string, albums: { albumId: string; title: string }[], amount: number, orderId: string): Mail {
  const what = albums.length === 1 ? albums[0].title : `${albums.length} albums`;
  return {
    to,
    subject: `Your ${brand.labelName} refund: ${what}`,
    text: [
      `We have refunded ${formatUsd(amount)} for order ${orderId}. Your bank may take 5 to 10 days to show it.`,
      '',
      ...albums.map((a) => a.title),
      '',
      'These albums are no longer in your purchases, and their download links no longer work.',
      `Questions? ${brand.supportEmail}`,
    ].join('\n'),
    html: `<!doctype html><html><body style="font-family:system-ui,sans-serif;background:#111;color:#eee;padding:24px"><div style="max-width:480px;margin:0 auto">
<h1 style="font-size:20px">Refund issued</h1><p>We have refunded <strong>${formatUsd(amount)}</strong> for order ${escapeHtml(orderId)}. Your bank may take 5 to 10 days to show it.</p><ul>
${albums.map((a) => `<li>${escapeHtml(a.title)}</li>`).join('\n')}
</ul><p>These albums are no longer in your purchases, and their download links no longer work.</p>
<p style="color:#999;font-size:12px">${escapeHtml(brand.labelName)} · ${escapeHtml(brand.supportEmail)}</p></div></body></html>`,
  };
}

export const handler = reactorConsumer('receipts', async (event) => {
  if (event.type === 'PurchaseRefunded') {
    const { orderId, email, albums, amount } = event.data;
    await once(refundMailKey(event.meta.eventId), () => sendMail(refundMail(email, albums, amount, orderId)));
    return;
  }
  if (event.type !== 'PurchaseCompleted') return;
  const { orderId, email } = event.data;
  await once(receiptMailKey(orderId), async () => {
    const order = await readOrder(orderId);
    if (order.status !== 'paid') return;
    await sendMail(receiptMail(email, order.paidAlbums, order.order.total, orderId));
  });
});
