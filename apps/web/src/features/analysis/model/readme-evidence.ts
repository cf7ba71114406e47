import type { ReadmeEvidence } from '@rota/contracts';
import type { TFunction } from 'i18next';

/** Results of engines before 1.3.0 stored each piece of evidence as an English sentence. */
export type StoredEvidence =
  ReadmeEvidence | { kind?: undefined; text: string; line: number | null };

/** One piece of README evidence in the UI language (quotes from the README stay as they are). */
export function evidenceText(t: TFunction, item: StoredEvidence): string {
  switch (item.kind) {
    case 'licenseNamed':
      return t('analysis.readme.evidence.licenseNamed', { license: item.license });
    case 'licenseFile':
      return item.license
        ? t('analysis.readme.evidence.licenseFile', { path: item.path, license: item.license })
        : t('analysis.readme.evidence.licenseFileUnknown', { path: item.path });
    case 'codeBlock':
      if (item.language)
        return t('analysis.readme.evidence.codeBlock', { language: item.language });
      return t(
        item.fenced
          ? 'analysis.readme.evidence.codeBlockUntagged'
          : 'analysis.readme.evidence.codeBlockIndented',
      );
    case 'size':
      return t('analysis.readme.evidence.size', { headings: item.headings, lines: item.lines });
    case 'sectionLinks':
      return t('analysis.readme.evidence.sectionLinks', { count: item.count });
    case 'headingJump':
      return t('analysis.readme.evidence.headingJump', {
        from: item.from,
        to: item.to,
        text: item.text,
      });
    case 'words':
      return t('analysis.readme.evidence.words', { count: item.count });
    default:
      return item.text;
  }
}

/** Text quoted from the README (or a path): shown as written, in no UI language. */
export const isQuote = (item: StoredEvidence) => item.kind === 'quote' || item.kind === undefined;

/** With its README line when known: "line 12: Installation". */
export function evidenceWithLine(t: TFunction, item: StoredEvidence): string {
  const text = evidenceText(t, item);
  return item.line ? `${t('analysis.readme.evidenceAt', { line: item.line })}: ${text}` : text;
}
