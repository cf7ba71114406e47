import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPathRules, withoutEmptyPrefix } from './path-rules.js';
import { DOCUMENTATION_PATTERNS } from './rules/documentation.js';
import { VENDOR_PATTERNS } from './rules/vendor.js';

const PATTERNS = [...VENDOR_PATTERNS, ...DOCUMENTATION_PATTERNS];

// Paths built from pieces the patterns look for, so matches are frequent, not accidental.
const piece = fc.constantFrom(
  'src', 'docs', 'a b', 'import', '.css', '.d.ts', '.min.js', 'jquery', 'vendor', 'README',
  'x', '.', '-', ' ', '\t', 'dist', 'node_modules', 'test', 'bootstrap', '.js', 'Godeps',
); // prettier-ignore
const pathArbitrary = fc
  .array(fc.array(piece, { minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 5 })
  .map((segments) => segments.map((segment) => segment.join('')).join('/'));

describe('path rules', () => {
  it('drops a leading prefix that may match nothing, and nothing else', () => {
    expect(withoutEmptyPrefix(/([^\s]*)import\.(css|less|scss|styl)$/).source).toBe(
      'import\\.(css|less|scss|styl)$',
    );
    expect(withoutEmptyPrefix(/(.*?)\.d\.ts$/).source).toBe('\\.d\\.ts$');
    expect(withoutEmptyPrefix(/.*\.min\.js$/).source).toBe('\\.min\\.js$');
    for (const kept of [/^.*\.js$/, /(.*)+x/, /(.+)\.js$/, /(a*)b\1/, /(^|\/)dist\//])
      expect(withoutEmptyPrefix(kept)).toBe(kept);
  });

  it('answers every Linguist pattern as the pattern itself does', () => {
    const changed = PATTERNS.filter((pattern) => withoutEmptyPrefix(pattern) !== pattern);
    expect(changed.length).toBeGreaterThan(0);
    fc.assert(
      fc.property(pathArbitrary, (path) => {
        for (const pattern of changed)
          expect(withoutEmptyPrefix(pattern).test(path), `${pattern} on ${path}`).toBe(
            pattern.test(path),
          );
      }),
      { numRuns: 2000 },
    );
  });

  it('classifies a path as testing every pattern one by one would', () => {
    fc.assert(
      fc.property(pathArbitrary, (path) => {
        const rules = createPathRules();
        expect(rules.vendored(path)).toBe(VENDOR_PATTERNS.some((pattern) => pattern.test(path)));
        expect(rules.documentation(path)).toBe(
          DOCUMENTATION_PATTERNS.some((pattern) => pattern.test(path)),
        );
      }),
      { numRuns: 2000 },
    );
  });
});
