import { describe, expect, it } from 'vitest';
import { attributeFlag, GitAttributes, globToRegex } from './gitattributes.js';

describe('globToRegex (wildmatch with WM_PATHNAME)', () => {
  it.each([
    ['*.js', 'a.js', true],
    ['*.js', 'a/b.js', false],
    ['src/*.c', 'src/a.c', true],
    ['src/*.c', 'src/x/a.c', false],
    ['src/**', 'src/x/y/z.c', true],
    ['**/gen/*.go', 'gen/a.go', true],
    ['**/gen/*.go', 'a/b/gen/a.go', true],
    ['a/**/b', 'a/b', true],
    ['a/**/b', 'a/x/y/b', true],
    ['a?c', 'abc', true],
    ['a?c', 'a/c', false],
    ['[!a]*.txt', 'b.txt', true],
    ['[!a]*.txt', 'a.txt', false],
    ['\\*.md', '*.md', true],
    ['file(1).txt', 'file(1).txt', true],
  ])('%s against %s is %s', (glob, path, expected) => {
    expect(globToRegex(glob).test(path)).toBe(expected);
  });
});

describe('GitAttributes', () => {
  it('applies git precedence: later lines and deeper files win, ! resets, - unsets', () => {
    const attributes = new GitAttributes([
      {
        dir: '',
        text: [
          '# comment',
          '* text=auto',
          '*.js linguist-vendored',
          'lib/keep.js -linguist-vendored',
          'docs/** linguist-documentation=false',
          '"name with space.c" linguist-language=Ruby',
          'build/ linguist-generated',
          '!negated linguist-generated',
          '[attr]thirdparty linguist-vendored linguist-generated=false',
          'ext/** thirdparty',
        ].join('\n'),
      },
      { dir: 'sub', text: '*.js !linguist-vendored\nx.c linguist-detectable' },
    ]);
    expect(attributes.lookup('a/b.js')).toEqual({ 'linguist-vendored': true });
    expect(attributes.lookup('lib/keep.js')).toEqual({ 'linguist-vendored': false });
    expect(attributes.lookup('sub/deep/c.js')).toEqual({ 'linguist-vendored': null });
    expect(attributes.lookup('sub/x.c')).toEqual({ 'linguist-detectable': true });
    expect(attributes.lookup('x.c')).toEqual({});
    expect(attributes.lookup('docs/a.md')).toEqual({ 'linguist-documentation': 'false' });
    expect(attributes.lookup('d/name with space.c')).toEqual({ 'linguist-language': 'Ruby' });
    // A directory pattern never matches a file, and negative patterns are ignored, as in git.
    expect(attributes.lookup('build/out.txt')).toEqual({});
    expect(attributes.lookup('negated')).toEqual({});
    expect(attributes.lookup('ext/lib/a.c')).toEqual({
      'linguist-vendored': true,
      'linguist-generated': 'false',
    });
  });

  it("reads flags the way Linguist's boolean_attribute does", () => {
    expect(attributeFlag(true)).toBe(true);
    expect(attributeFlag('true')).toBe(true);
    expect(attributeFlag(false)).toBe(false);
    expect(attributeFlag('false')).toBe(false);
    expect(attributeFlag(null)).toBeUndefined();
    expect(attributeFlag(undefined)).toBeUndefined();
  });
});
