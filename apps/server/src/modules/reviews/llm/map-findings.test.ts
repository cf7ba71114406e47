import { describe, expect, it } from 'vitest';
import { added } from '../../../testing/review-fixtures.js';
import type { DiffEntry } from '../rules/index.js';
import type { LlmFinding } from './answer-schema.js';
import { mapLlmFindings } from './map-findings.js';

/** A modified file whose new lines 10–12 are context, 11 added; 20 added in a second hunk. */
const modified: DiffEntry = {
  filename: 'src/cart/total.ts',
  status: 'modified',
  additions: 2,
  deletions: 1,
  changes: 3,
  patch: [
    '@@ -10,3 +10,3 @@ export function total(items: Item[]) {',
    '   let sum = 0;',
    '-  for (const item of items) sum += item.price;',
    '+  for (const item of items) sum += item.price * item.quantity;',
    '   return sum;',
    '@@ -19,1 +19,2 @@',
    ' }',
    '+export const EMPTY_TOTAL = 0;',
  ].join('\n'),
};
const sent = [modified, added('src/cart/new.ts', ['export const a = 1;'])];

const finding = (overrides: Partial<LlmFinding>): LlmFinding => ({
  file: 'src/cart/total.ts',
  line_start: 11,
  line_end: 11,
  severity: 'medium',
  confidence: 0.8,
  category: 'correctness',
  title: 'Quantity may be undefined',
  rationale: 'Old items have no quantity; the total becomes NaN.',
  ...overrides,
});

const linesOf = (found: LlmFinding[]) =>
  mapLlmFindings(found, sent).findings.map((mapped) => [mapped.file, mapped.line]);

describe('mapLlmFindings', () => {
  it('keeps a finding on an added line, and moves a range to its first added line', () => {
    expect(linesOf([finding({})])).toEqual([['src/cart/total.ts', 11]]);
    expect(linesOf([finding({ line_start: 15, line_end: 25 })])).toEqual([
      ['src/cart/total.ts', 20],
    ]);
    // Reversed ranges read as the same range.
    expect(linesOf([finding({ line_start: 21, line_end: 19 })])).toEqual([
      ['src/cart/total.ts', 20],
    ]);
  });

  it('keeps a finding on context or unchanged lines on its file, without a line', () => {
    expect(linesOf([finding({ line_start: 10, line_end: 10 })])).toEqual([
      ['src/cart/total.ts', null],
    ]);
    expect(linesOf([finding({ line_start: 300, line_end: null })])).toEqual([
      ['src/cart/total.ts', null],
    ]);
    expect(linesOf([finding({ line_start: null, line_end: null })])).toEqual([
      ['src/cart/total.ts', null],
    ]);
  });

  it('keeps findings about the whole pull request and drops those on files not sent', () => {
    const result = mapLlmFindings(
      [
        finding({ file: null, line_start: 3 }),
        finding({ file: 'src/cart/other.ts' }),
        finding({ file: 'src/cart/Total.ts' }),
      ],
      sent,
    );
    expect(result.findings.map((mapped) => [mapped.file, mapped.line])).toEqual([[null, null]]);
    expect(result.dropped).toBe(2);
  });

  it("labels findings as the LLM's and makes their text storable", () => {
    const [mapped] = mapLlmFindings(
      [
        finding({
          category: 'security',
          title: ' Token\u0000 in code ',
          rationale: 'x'.repeat(5000),
        }),
      ],
      sent,
    ).findings;
    expect(mapped).toMatchObject({
      rule: 'llm.security',
      source: 'llm',
      title: 'Token\uFFFD in code',
      evidence: null,
      confidence: 0.8,
    });
    expect(mapped!.message).toHaveLength(4001);
    expect(mapped!.message.endsWith('…')).toBe(true);
  });
});
