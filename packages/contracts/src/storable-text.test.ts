import { describe, expect, it } from 'vitest';
import { findUnstorableTexts, isStorableText } from './storable-text.js';

describe('isStorableText', () => {
  it.each([
    ['plain', 'Ayşe Yılmaz'],
    ['an emoji (a valid surrogate pair)', 'ship it 🚀'],
    ['control characters other than NUL', 'tab\tnew\nline\u0001'],
    ['U+FFFD itself', '\uFFFD'],
  ])('accepts %s', (_label, text) => {
    expect(isStorableText(text)).toBe(true);
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a lone high surrogate', 'ab\uD800'],
    ['a lone low surrogate', '\uDC00ab'],
    ['reversed surrogates', '\uDE00\uD83D'],
  ])('refuses %s', (_label, text) => {
    expect(isStorableText(text)).toBe(false);
  });
});

describe('findUnstorableTexts', () => {
  it('names every broken field by its path, in nested objects and arrays', () => {
    const input = {
      name: 'ok',
      description: 'bad\u0000',
      repos: [{ url: 'https://github.com/a/b' }, { url: 'x', branch: '\uD800' }],
    };
    expect(findUnstorableTexts(input)).toEqual([['description'], ['repos', 1, 'branch']]);
  });

  it('finds broken keys and broken top-level strings', () => {
    expect(findUnstorableTexts({ 'a\u0000': 1 })).toEqual([['(key)']]);
    expect(findUnstorableTexts('\u0000')).toEqual([[]]);
  });

  it('finds nothing in clean input, numbers, booleans and null', () => {
    expect(findUnstorableTexts({ a: 1, b: true, c: null, d: ['x', { e: 'y' }] })).toEqual([]);
    expect(findUnstorableTexts(undefined)).toEqual([]);
  });

  it('stops after 20 findings and at a depth no request reaches', () => {
    expect(findUnstorableTexts(Array.from({ length: 50 }, () => '\u0000'))).toHaveLength(20);
    let deep: unknown = '\u0000';
    for (let level = 0; level < 100; level += 1) deep = [deep];
    expect(findUnstorableTexts(deep)).toEqual([]);
  });
});
