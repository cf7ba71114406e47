import type { UnsubscribeTopic } from '@rota/contracts';
import { escapeHtml } from './mail-layout.js';
import { MAIL_TEXTS } from './mail-texts/index.js';

const LANGUAGES = ['tr', 'en'] as const;

/**
 * The small bilingual page an unsubscribe link opens (Turkish first, then English): the question
 * with a button that POSTs, the confirmation, or why the link is not valid. Works from 360 px up.
 */
export function unsubscribePage(
  state:
    | { kind: 'confirm'; topic: UnsubscribeTopic; action: string }
    | { kind: 'done'; topic: UnsubscribeTopic }
    | { kind: 'invalid' },
): string {
  const sections = LANGUAGES.map((language) => {
    const texts = MAIL_TEXTS[language];
    const page = texts.page;
    let body: string;
    if (state.kind === 'invalid') body = `<p>${escapeHtml(page.invalid)}</p>`;
    else if (state.kind === 'done')
      body = `<p>${escapeHtml(page.done(texts.topics[state.topic]))}</p><p class="muted">${escapeHtml(page.settings)}</p>`;
    else
      body = `<p>${escapeHtml(page.confirm(texts.topics[state.topic]))}</p>
<form method="post" action="${escapeHtml(state.action)}"><button type="submit">${escapeHtml(page.button)}</button></form>`;
    return `<section lang="${language}"><h1>${escapeHtml(page.title)}</h1>${body}</section>`;
  });
  return `<!doctype html>
<html lang="tr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><title>Rota</title>
<style>
body{margin:0;background:#f3f4f6;color:#111827;font:16px/1.5 -apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif}
main{max-width:560px;margin:0 auto;padding:16px}
section{background:#fff;border-radius:8px;padding:20px;margin:0 0 16px;overflow-wrap:anywhere}
h1{font-size:18px;margin:0 0 12px}
button{font:inherit;font-weight:600;background:#1d4ed8;color:#fff;border:0;border-radius:6px;padding:12px 20px;min-height:44px;cursor:pointer;width:100%;max-width:320px}
.muted{color:#4b5563;font-size:14px}
</style></head>
<body><main>
${sections.join('\n')}
</main></body></html>
`;
}
