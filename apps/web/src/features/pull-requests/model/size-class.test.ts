import { describe, expect, it } from 'vitest';
import { sizeClass } from './size-class';

describe('size class', () => {
  it.each([
    [0, 0, 'XS'],
    [5, 4, 'XS'],
    [5, 5, 'S'],
    [30, 19, 'S'],
    [40, 10, 'M'],
    [200, 49, 'M'],
    [200, 50, 'L'],
    [900, 99, 'L'],
    [1000, 0, 'XL'],
    [40_000, 12_000, 'XL'],
  ] as const)('+%i −%i is %s', (additions, deletions, expected) => {
    expect(sizeClass({ additions, deletions })).toBe(expected);
  });
});
