/** What a template makes: the subject and the same mail as plain text and as HTML. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** What every template knows besides its kind's data. */
export interface MailContext {
  /** The member's nickname as it is when the mail is sent ('' when not known). */
  nickname: string;
  /** The store's address (PUBLIC_URL), no trailing slash. */
  publicUrl: string;
  /** The one-click unsubscribe page of a notice mail. */
  unsubscribeUrl?: string | undefined;
}

/** A part of a mail's body. */
type Block = { text: string } | { link: { label: string; url: string } } | { rows: (readonly [string, string])[] } | { note: string };

const STORE = '本棚';

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function textOf(block: Block): string {
  if ('text' in block) return block.text;
  if ('note' in block) return `※${block.note}`;
  if ('link' in block) return `${block.link.label}\n${block.link.url}`;
  return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
}

function htmlOf(block: Block): string {
  if ('text' in block) return `<p>${escape(block.text).replace(/\n/g, '<br>')}</p>`;
  if ('note' in block) return `<p style="color:#666;font-size:13px">※${escape(block.note)}</p>`;
  if ('link' in block) {
    const url = escape(block.link.url);
    return `<p><a href="${url}" style="display:inline-block;padding:10px 20px;background:#d9304f;color:#fff;border-radius:6px;text-decoration:none">${escape(block.link.label)}</a><br><span style="font-size:12px;color:#666">${url}</span></p>`;
  }
  const rows = block.rows.map(
    ([label, value]) =>
      `<tr><th style="text-align:left;padding:4px 12px 4px 0;font-weight:normal;color:#555">${escape(label)}</th><td style="padding:4px 0">${escape(value)}</td></tr>`,
  );
  return `<table style="border-collapse:collapse">${rows.join('')}</table>`;
}

/**
 * A mail from its blocks: the greeting, the body, and the store's footer (with the way to stop
 * a notice mail when it is one).
 */
export function compose(subject: string, context: MailContext, blocks: Block[]): RenderedMail {
  const greeting = context.nickname ? `${context.nickname} 様` : `${STORE}をご利用のお客様`;
  const footer: Block[] = [{ text: `${STORE}\n${context.publicUrl}/` }];
  if (context.unsubscribeUrl) footer.unshift({ link: { label: 'このお知らせメールの配信を停止する', url: context.unsubscribeUrl } });
  footer.push({ note: 'このメールは送信専用のアドレスからお送りしています。ご返信いただいてもお答えできません。' });
  const text = [greeting, ...blocks.map(textOf), '――――――――――', ...footer.map(textOf)].join('\n\n');
  const body = [
    `<p>${escape(greeting)}</p>`,
    ...blocks.map(htmlOf),
    '<hr style="border:none;border-top:1px solid #ddd">',
    ...footer.map(htmlOf),
  ].join('\n');
  const html = `<!doctype html><html lang="ja"><head><meta charset="utf-8"><title>${escape(subject)}</title></head><body style="font-family:sans-serif;line-height:1.7;color:#222;max-width:600px">\n${body}\n</body></html>`;
  return { subject: `【${STORE}】${subject}`, text: `${text}\n`, html };
}
