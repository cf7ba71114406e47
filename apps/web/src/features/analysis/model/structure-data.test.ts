import { describe, expect, it } from 'vitest';
import { languageFixture, structureResultFixture } from '../../../test/analysis-fixtures';
import { buildDirectoryTree, FALLBACK_COLOR, languageChartData, MAX_BARS } from './structure-data';

describe('structure chart data', () => {
  const languages = [
    languageFixture({ name: 'TypeScript', byteShare: 70, codeShare: 50, bytes: 700, code: 50 }),
    languageFixture({
      name: 'CSS',
      color: '#663399',
      byteShare: 30,
      codeShare: 50,
      bytes: 300,
      code: 50,
    }),
    languageFixture({
      name: 'Shell',
      color: null,
      byteShare: 0.01,
      codeShare: 0,
      bytes: 1,
      code: 0,
    }),
    languageFixture({
      name: 'JSON',
      counted: false,
      byteShare: null,
      codeShare: null,
      bytes: 5000,
      code: 200,
    }),
  ];

  it('maps counted languages to bars by bytes, in Linguist’s colours, largest first', () => {
    expect(languageChartData(languages, 'bytes', 'Other')).toEqual([
      { name: 'TypeScript', share: 70, value: 700, color: '#3178c6' },
      { name: 'CSS', share: 30, value: 300, color: '#663399' },
      { name: 'Shell', share: 0.01, value: 1, color: FALLBACK_COLOR },
    ]);
  });

  it('maps by code lines, leaving out languages without any (and those not counted)', () => {
    expect(
      languageChartData(languages, 'code', 'Other').map((datum) => [datum.name, datum.share]),
    ).toEqual([
      ['CSS', 50],
      ['TypeScript', 50],
    ]);
  });

  it('folds the long tail into one "Other" bar', () => {
    const many = Array.from({ length: 14 }, (_, i) =>
      languageFixture({ name: `L${String(i).padStart(2, '0')}`, byteShare: 14 - i, bytes: 14 - i }),
    );
    const data = languageChartData(many, 'bytes', 'Diğer');
    expect(data).toHaveLength(MAX_BARS);
    expect(data.at(-1)).toEqual({ name: 'Diğer', share: 15, value: 15, color: FALLBACK_COLOR });
  });

  it('nests the flat directory list into a tree, largest first, rolled-up rows last', () => {
    const tree = buildDirectoryTree(structureResultFixture().structure.directories)!;
    expect(tree.entry.path).toBe('');
    expect(tree.children.map((child) => child.entry.path)).toEqual(['src', 'docs']);
    expect(tree.children[0]!.children.map((child) => [child.name, child.entry.kind])).toEqual([
      ['server', 'directory'],
      ['*', 'rest'],
    ]);
  });
});
