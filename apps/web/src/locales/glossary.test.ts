import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import agreementsEn from './agreements/en.json';
import agreementsTr from './agreements/tr.json';
import analysisEn from './analysis/en.json';
import analysisTr from './analysis/tr.json';
import analyticsEn from './analytics/en.json';
import analyticsTr from './analytics/tr.json';
import chatEn from './chat/en.json';
import chatTr from './chat/tr.json';
import dashboardEn from './dashboard/en.json';
import dashboardTr from './dashboard/tr.json';
import en from './en.json';
import pullRequestsEn from './pull-requests/en.json';
import pullRequestsTr from './pull-requests/tr.json';
import reviewsEn from './reviews/en.json';
import reviewsTr from './reviews/tr.json';
import teamsEn from './teams/en.json';
import teamsTr from './teams/tr.json';
import tr from './tr.json';

// The glossary's one home is docs/i18n.md; this reads its table rather than keeping a copy.
const doc = readFileSync(resolve(__dirname, '../../../../docs/i18n.md'), 'utf8');

type Row = { concept: string; words: { tr: string[]; en: string[] } };

function glossary(markdown: string): Row[] {
  const section = markdown.split('## Glossary')[1]?.split('\n## ')[0] ?? '';
  return section
    .split('\n')
    .filter(
      (line) => line.startsWith('| ') && !line.startsWith('| Concept') && !line.startsWith('| ---'),
    )
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim());
      const list = (cell: string | undefined) =>
        (cell ?? '')
          .split(',')
          .map((word) => word.trim())
          .filter(Boolean);
      return { concept: cells[1] ?? '', words: { tr: list(cells[4]), en: list(cells[5]) } };
    });
}

type Tree = { [key: string]: unknown };
const values = (tree: Tree, prefix = ''): Array<[string, string]> =>
  Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object'
      ? values(value as Tree, path)
      : [[path, String(value).replace(/{{[^}]*}}/g, ' ')] as [string, string]];
  });

const catalogues = {
  tr: [
    tr,
    analysisTr,
    analyticsTr,
    agreementsTr,
    dashboardTr,
    pullRequestsTr,
    reviewsTr,
    chatTr,
    teamsTr,
  ],
  en: [
    en,
    analysisEn,
    analyticsEn,
    agreementsEn,
    dashboardEn,
    pullRequestsEn,
    reviewsEn,
    chatEn,
    teamsEn,
  ],
};

// Placeholders ({{repo}}) are names of values, not words a reader sees: values() blanks them.
/** A refused word as a whole word (JavaScript's \b knows ASCII only), not inside a URL or path. */
const wordPattern = (word: string) =>
  new RegExp(
    `(?<![\\p{L}\\p{N}_/.])${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}_/])`,
    'iu',
  );

/** The Turkish dotted capital İ lower-cases to "i̇" in JavaScript; compare in Turkish case. */
const lower = (text: string, language: 'tr' | 'en') =>
  language === 'tr' ? text.toLocaleLowerCase('tr') : text.toLowerCase();

describe('the glossary (docs/i18n.md)', () => {
  const rows = glossary(doc);

  it('is read from the document: every product concept has a row', () => {
    const concepts = rows.map((row) => row.concept);
    for (const concept of [
      'stale',
      'merged',
      'branch',
      'default branch',
      'release line',
      'pull request',
      'review',
      'analysis',
      'repository',
      'project',
      'cycle',
      'external system',
      'entry point',
    ]) {
      expect(concepts).toContain(concept);
    }
  });

  it.each(['tr', 'en'] as const)(
    'the %s catalogues use only the glossary word for each concept',
    (language) => {
      const found = catalogues[language].flatMap((tree) =>
        values(tree as Tree).flatMap(([key, value]) =>
          rows.flatMap((row) =>
            row.words[language]
              .filter((word) => wordPattern(lower(word, language)).test(lower(value, language)))
              .map((word) => `${key}: "${word}" for ${row.concept}`),
          ),
        ),
      );
      expect(found).toEqual([]);
    },
  );

  it('finds a refused word that is planted, in either case, but not inside a URL', () => {
    expect(wordPattern('eskimiş').test(lower('3 Eskimiş dal', 'tr'))).toBe(true);
    expect(wordPattern('pull request').test(lower("Pull request'im incelendiğinde", 'tr'))).toBe(
      true,
    );
    expect(wordPattern('repo').test('https://github.com/owner/repo')).toBe(false);
    expect(wordPattern('repo').test('the repo')).toBe(true);
  });
});
