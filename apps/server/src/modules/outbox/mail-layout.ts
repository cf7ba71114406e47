import { createHash } from 'node:crypto';
import { MAIL_TEXTS, type MailLanguage } from './mail-texts/index.js';

/** Escapes text for HTML (element content and quoted attributes). */
export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface MailLayoutInput {
  language: MailLanguage;
  /** Plain text; escaped here. */
  title: string;
  /** The body's HTML, already escaped by the caller. */
  html: string;
  /** The body as plain text. */
  text: string;
  /** The button (and in text, the line) that opens Rota. */
  action?: { label: string; url: string };
  unsubscribeUrl?: string;
  /** What the unsubscribe link switches off (`the digest e-mail`); a general phrase without it. */
  unsubscribeTopic?: string;
}

/**
 * The frame of every e-mail Rota sends: title, body, a button into Rota, the reason it was sent
 * and an unsubscribe link, as HTML (inline styles, a 600 px column that narrows on phones) and
 * as plain text.
 */
export function renderMailLayout(input: MailLayoutInput): { html: string; text: string } {
  const texts = MAIL_TEXTS[input.language];
  const unsubscribeLabel = texts.unsubscribe(
    input.unsubscribeTopic ?? (input.language === 'en' ? 'these e-mails' : 'bu e-postalar'),
  );
  const button = input.action
    ? `<p style="margin:24px 0"><a href="${escapeHtml(input.action.url)}" style="display:inline-block;background:#1d4ed8;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;font-weight:600">${escapeHtml(input.action.label)}</a></p>`
    : '';
  const unsubscribe = input.unsubscribeUrl
    ? ` <a href="${escapeHtml(input.unsubscribeUrl)}" style="color:#6b7280">${escapeHtml(unsubscribeLabel)}</a>`
    : '';
  const html = `<!doctype html>
<html lang="${texts.lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(input.title)}</title></head>
<body style="margin:0;padding:0;background:#f3f4f6;font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif;color:#111827">
<div style="max-width:600px;margin:0 auto;padding:16px">
<div style="background:#ffffff;border-radius:8px;padding:24px;word-wrap:break-word">
<p style="margin:0 0 16px;font-weight:700;color:#1d4ed8">Rota</p>
<h1 style="font-size:20px;line-height:1.3;margin:0 0 16px">${escapeHtml(input.title)}</h1>
${input.html}
${button}
</div>
<p style="font-size:12px;color:#6b7280;margin:16px 8px">${escapeHtml(texts.footer)}${unsubscribe}</p>
</div>
</body></html>
`;
  const lines = [input.title, '', input.text.trim(), ''];
  if (input.action) lines.push(`${input.action.label}: ${input.action.url}`, '');
  lines.push('--', texts.footer);
  if (input.unsubscribeUrl) lines.push(`${unsubscribeLabel}: ${input.unsubscribeUrl}`);
  return { html, text: `${lines.join('\n')}\n` };
}

/**
 * The Message-ID of the e-mail with this dedupe key: the same on every attempt, so a message sent
 * again after a crash is recognisable as the same one.
 */
export function messageIdOf(dedupeKey: string, from: string): string {
  const domain = /@([^>\s]+)>?\s*$/.exec(from)?.[1] ?? 'rota.localhost';
  const hash = createHash('sha256').update(dedupeKey).digest('hex').slice(0, 40);
  return `<${hash}@${domain}>`;
}
