import { describe, expect, it } from 'vitest';
import { evidenceLine, insideStringLiteral, redactSecret, shannonEntropy } from './text.js';

describe('text helpers', () => {
  it('scores entropy: one repeated character 0, two equal halves 1 bit, random text high', () => {
    expect(shannonEntropy('aaaaaaaa')).toBe(0);
    expect(shannonEntropy('abababab')).toBe(1);
    expect(shannonEntropy('kQ2wZ7xL9mN4pB6v')).toBe(4);
  });

  it('redacts a secret to its first 4 characters everywhere in the evidence', () => {
    expect(redactSecret('abcdefgh')).toBe('abcd…');
    expect(evidenceLine("  a = 'abcdefgh'; b = 'abcdefgh'", ['abcdefgh'])).toBe(
      "a = 'abcd…'; b = 'abcd…'",
    );
    expect(evidenceLine('x'.repeat(300))).toHaveLength(201);
  });

  it('knows when a position is inside a string literal, escapes included', () => {
    // Built from parts so this file's own source holds no focused test call.
    const only = 'it' + '.only';
    const line = `const a = "${only}(" + ${only}('x \\' ${only}(')`;
    expect(insideStringLiteral(line, line.indexOf(only))).toBe(true);
    expect(insideStringLiteral(line, line.indexOf(only, 20))).toBe(false);
    expect(insideStringLiteral(line, line.lastIndexOf(only))).toBe(true);
  });
});
