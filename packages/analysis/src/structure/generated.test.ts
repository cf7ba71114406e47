import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isGenerated } from './generated.js';

describe('minified files', () => {
  it("follow Linguist's average line length rule exactly, though lines are counted only so far", () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 400 }), { minLength: 1, maxLength: 40 }), (lengths) => {
        const data = Buffer.from(lengths.map((length) => 'a'.repeat(length)).join('\n'));
        const lines = lengths.length;
        const linguist = Math.floor((data.length - (lines - 1)) / lines) > 110;
        expect(isGenerated('dist/app.css', 'app.css', data)).toBe(linguist);
      }),
      { numRuns: 3000 },
    );
  });
});
