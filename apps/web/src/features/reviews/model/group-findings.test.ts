import type { ReviewFinding } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { groupFindings } from './group-findings';

const finding = (overrides: Partial<ReviewFinding>): ReviewFinding => ({
  rule: 'code.todo',
  severity: 'info',
  category: 'maintainability',
  file: 'a.ts',
  line: 1,
  title: 'x',
  message: 'y',
  evidence: null,
  source: 'rules',
  confidence: 1,
  ...overrides,
});

describe('groupFindings', () => {
  it('puts the pull request as a whole first, then files by their worst finding, then by path', () => {
    const groups = groupFindings([
      finding({ file: 'b.ts', severity: 'low' }),
      finding({ file: 'z.ts', severity: 'critical' }),
      finding({ file: null, line: null, severity: 'info' }),
      finding({ file: 'a.ts', severity: 'low' }),
    ]);
    expect(groups.map((group) => group.file)).toEqual([null, 'z.ts', 'a.ts', 'b.ts']);
  });

  it('orders severities critical → info inside a file, and lines inside a severity', () => {
    const [group] = groupFindings([
      finding({ severity: 'info', line: 1 }),
      finding({ severity: 'high', line: 30 }),
      finding({ severity: 'high', line: 4 }),
      finding({ severity: 'critical', line: 50 }),
      finding({ severity: 'medium', line: null }),
    ]);
    expect(group!.severities.map((s) => [s.severity, s.findings.map((f) => f.line)])).toEqual([
      ['critical', [50]],
      ['high', [4, 30]],
      ['medium', [null]],
      ['info', [1]],
    ]);
  });

  it('returns nothing for no findings', () => {
    expect(groupFindings([])).toEqual([]);
  });
});
