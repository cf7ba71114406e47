import type { TFunction } from 'i18next';

/** Small builders for the Markdown export: escaped table cells, tables, GitHub-style anchors. */

export const cell = (value: unknown): string =>
  String(value ?? '')
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/\r?\n/g, ' ')
    .trim() || ' ';

export function table(headers: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  if (rows.length === 0) return '';
  const line = (values: readonly unknown[]) => `| ${values.map(cell).join(' | ')} |`;
  return [line(headers), `| ${headers.map(() => '---').join(' | ')} |`, ...rows.map(line)].join(
    '\n',
  );
}

/** Inline code that survives backticks in the text. */
export const code = (value: string) =>
  value.includes('`') ? `\`\` ${value} \`\`` : `\`${value}\``;

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to dashes. */
export const slug = (text: string) =>
  text
    .toLocaleLowerCase('en')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .trim()
    .replace(/\s/g, '-');

/** Paragraphs and blocks joined by blank lines, empty ones left out. */
export const blocks = (...parts: ReadonlyArray<string | false | null | undefined>) =>
  parts
    .filter((part): part is string => typeof part === 'string' && part.trim() !== '')
    .join('\n\n');

/** The language the Markdown is written in: the UI's. */
export interface MarkdownContext {
  t: TFunction;
  locale: string;
}
