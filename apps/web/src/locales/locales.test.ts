import { describe, expect, it } from 'vitest';
import analysisEn from './analysis/en.json';
import analysisTr from './analysis/tr.json';
import en from './en.json';
import tr from './tr.json';

type Tree = { [key: string]: unknown };

/** Every leaf as a dotted path with its value. */
function leaves(tree: Tree, prefix = ''): Array<[string, unknown]> {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? leaves(value as Tree, path)
      : [[path, value] as [string, unknown]];
  });
}

// The app's own texts, and the analyses' (loaded with the analysis code, not the sign-in page).
describe.each([
  ['app', tr, en],
  ['analysis', analysisTr, analysisEn],
])('locale files (%s)', (_name, trTree, enTree) => {
  const trLeaves = leaves(trTree);
  const enLeaves = leaves(enTree);

  it('have exactly the same keys', () => {
    const trKeys = trLeaves.map(([key]) => key).sort();
    const enKeys = enLeaves.map(([key]) => key).sort();
    expect(trKeys.filter((key) => !enKeys.includes(key))).toEqual([]);
    expect(enKeys.filter((key) => !trKeys.includes(key))).toEqual([]);
  });

  it('have no empty or non-text values', () => {
    const bad = [...trLeaves.map((l) => ['tr', ...l]), ...enLeaves.map((l) => ['en', ...l])].filter(
      ([, , value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(bad).toEqual([]);
  });

  it('use the same interpolation variables in both languages', () => {
    const variables = (value: unknown) =>
      String(value)
        .match(/{{\s*\w+\s*}}/g)
        ?.sort()
        .join(',') ?? '';
    const enByKey = new Map(enLeaves);
    const mismatched = trLeaves
      .filter(([key, value]) => variables(value) !== variables(enByKey.get(key)))
      .map(([key]) => key);
    expect(mismatched).toEqual([]);
  });
});

it('the two locale sets do not overlap (the analyses add keys, never replace the app’s)', () => {
  const appKeys = new Set(leaves(en).map(([key]) => key));
  expect(leaves(analysisEn).filter(([key]) => appKeys.has(key))).toEqual([]);
});
