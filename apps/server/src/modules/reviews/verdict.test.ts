import type { ReviewFinding } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { coverageGap, decideVerdict } from './verdict.js';

function finding(overrides: Partial<ReviewFinding>): ReviewFinding {
  return {
    rule: 'code.todo',
    severity: 'info',
    category: 'maintainability',
    file: 'src/app.ts',
    line: 3,
    title: 'New TODO comment',
    message: 'A TODO is added.',
    evidence: null,
    source: 'rules',
    confidence: 0.9,
    ...overrides,
  };
}

describe('decideVerdict', () => {
  it.each([
    [
      'a critical rule finding',
      [finding({ severity: 'critical', title: 'Token' })],
      true,
      'changes_requested',
    ],
    [
      'a high rule finding, even with low confidence',
      [finding({ severity: 'high', confidence: 0.5 })],
      true,
      'changes_requested',
    ],
    [
      'a confident LLM blocker',
      [finding({ source: 'llm', severity: 'high', confidence: 0.7 })],
      true,
      'changes_requested',
    ],
    [
      'an unsure LLM blocker',
      [finding({ source: 'llm', severity: 'critical', confidence: 0.69 })],
      true,
      'commented',
    ],
    [
      'only medium and lower findings',
      [finding({ severity: 'medium' }), finding({ severity: 'low' })],
      true,
      'commented',
    ],
    ['nothing, on a complete review', [], true, 'approved'],
    ['nothing, on an incomplete review', [], false, 'commented'],
    [
      'a blocker on an incomplete review',
      [finding({ severity: 'high' })],
      false,
      'changes_requested',
    ],
  ] as const)('%s → %s', (_case, findings, complete, status) => {
    expect(decideVerdict({ findings: [...findings], complete }).status).toBe(status);
  });

  it('gives the reason: the first blocker, or why the review is incomplete', () => {
    expect(
      decideVerdict({
        findings: [
          finding({ severity: 'critical', title: 'AWS access key id in the diff' }),
          finding({ severity: 'high' }),
        ],
        complete: true,
      }).reason,
    ).toBe('2 blocking findings: AWS access key id in the diff');
    expect(
      decideVerdict({ findings: [], complete: false, incompleteReason: 'the model timed out' }),
    ).toEqual({
      status: 'commented',
      reason: 'Review incomplete: the model timed out',
    });
    expect(decideVerdict({ findings: [], complete: true })).toEqual({
      status: 'approved',
      reason: 'No findings',
    });
  });
});

describe('coverageGap', () => {
  it('counts files without a readable diff as a gap, by-design skips not', () => {
    expect(
      coverageGap({
        filesReviewed: 4,
        filesSkipped: [
          { file: 'package-lock.json', reason: 'lockfile' },
          { file: 'dist/app.js', reason: 'generated' },
          { file: 'logo.png', reason: 'binary' },
        ],
      }),
    ).toBeNull();
    expect(
      coverageGap({
        filesReviewed: 1,
        filesSkipped: [{ file: 'src/big.ts', reason: 'too_large' }],
      }),
    ).toBe('1 file(s) had no diff to read (src/big.ts)');
  });
});
