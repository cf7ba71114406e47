import { describe, expect, it } from 'vitest';
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

describe('locale files', () => {
  const trLeaves = leaves(tr);
  const enLeaves = leaves(en);

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
