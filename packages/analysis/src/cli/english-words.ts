import type { DiagramRole, DiagramWords } from '@rota/contracts';

/**
 * The command line's words. The analyses store codes, numbers and names; the web says them in the
 * reader's language, and the terminal report says them in English, from here only.
 */
const ROLE_TEXT: Record<DiagramRole, string> = {
  'entry-point': 'entry point',
  'web-ui': 'web UI',
  api: 'API',
  data: 'data',
  tests: 'tests',
  infra: 'infra',
  docs: 'docs',
  library: 'library',
  tooling: 'tooling',
};

/** 12345 → "12,345", independent of the machine's locale. */
export const englishNumber = (value: number) => value.toLocaleString('en-GB');

export const ENGLISH_DIAGRAM_WORDS: DiagramWords = {
  role: (role) => ROLE_TEXT[role],
  lines: (count) => `${englishNumber(count)} ${count === 1 ? 'line' : 'lines'}`,
  otherComponent: '(other)',
  rootFiles: '(root files)',
  externalSystems: 'External systems',
};
