import type { Language } from './texts.js';

/**
 * The project page's "Reviews" tab (`?tab=reviews`, `&review={id}` for one review), its visible
 * texts written out per language (see texts.ts for why). Test ids on the page: reviews-tab,
 * review-stats, review-row, review-status, review-why, review-pr-link, review-sha, review-engine,
 * review-trigger, review-time, review-open, review-detail, review-verdict, review-file,
 * review-file-name, review-finding, review-finding-title, review-finding-line,
 * review-finding-severity, review-finding-source, review-finding-evidence, review-coverage,
 * review-back; "Review now" on a pull request row is review-now.
 */
export const reviewTexts = {
  tr: {
    tab: 'İncelemeler',
    reviewNow: (number: number) => `#${number} numaralı isteği şimdi incele`,
    requested: (name: string) => `${name} için inceleme istendi`,
    changesRequested: 'Değişiklik istendi',
    secretTitle: 'Sızdırılmış erişim anahtarı',
    line: (line: number) => `Satır ${line}`,
    critical: 'Kritik',
    rule: 'Yerleşik kural',
    manual: 'Şimdi incele',
    engine: 'Yerleşik kurallar',
    filesReviewed: (count: number) => `${count} dosya incelendi`,
  },
  en: {
    tab: 'Reviews',
    reviewNow: (number: number) => `Review #${number} now`,
    requested: (name: string) => `Review of ${name} requested`,
    changesRequested: 'Changes requested',
    secretTitle: 'Leaked access token',
    line: (line: number) => `Line ${line}`,
    critical: 'Critical',
    rule: 'Built-in rule',
    manual: 'Review now',
    engine: 'Built-in rules',
    filesReviewed: (count: number) => `${count} files reviewed`,
  },
} satisfies Record<Language, unknown>;
