import { describe, expect, it } from 'vitest';
import { addedFile, findingsOf, modifiedFile } from './test-kit.js';

// Built from parts so this file's own source holds no focused or skipped test call.
const ONLY = 'it' + '.only';
const SKIP = 'it' + '.skip';

const jestSpec = modifiedFile(
  'src/services/__tests__/invoice.test.ts',
  [
    "@@ -20,10 +20,10 @@ describe('InvoiceService', () => {",
    "-  it('totals line items', () => {",
    `+  ${ONLY}('totals line items', () => {`,
    '     expect(total([{ amount: 2 }, { amount: 3 }])).toBe(5);',
    '   });',
    ' ',
    "-  it('applies the discount', () => {",
    `+  ${SKIP}('applies the discount', () => {`,
    '     expect(total([{ amount: 10 }], 0.1)).toBe(9);',
    '   });',
    '+',
    "+  fit('rounds to cents', () => {});",
  ].join('\n'),
);

describe('tests.focused', () => {
  it('finds .only and fit in a test file, with their lines', () => {
    const findings = findingsOf('tests.focused', [jestSpec]);
    expect(findings.map((finding) => finding.line)).toEqual([20, 28]);
    expect(findings[0]).toMatchObject({ severity: 'high', category: 'tests' });
  });

  it('does not report a focused test held as data in a fixture string', () => {
    const fixture = addedFile(
      'src/rules/markers.test.ts',
      `const patch = "+  ${ONLY}('totals', () => {})";\nconst spec = \`fit('rounds', () => {})\`;`,
    );
    expect(findingsOf('tests.focused', [fixture])).toEqual([]);
  });

  it('does not report .only outside test files or in a commented line', () => {
    const files = [
      addedFile(
        'src/lib/query.ts',
        'export const first = rows.only ? rows.only(1) : rows;\nfit(box);',
      ),
      addedFile(
        'src/lib/query.test.ts',
        `// ${ONLY}('debug this', () => {})\nit('works', () => {});`,
      ),
    ];
    expect(findingsOf('tests.focused', files)).toEqual([]);
  });
});

describe('tests.skipped', () => {
  it('finds it.skip, @pytest.mark.skip, @Disabled and t.Skip in test files', () => {
    const files = [
      jestSpec,
      addedFile(
        'tests/test_billing.py',
        '@pytest.mark.skip(reason="flaky")\ndef test_refund():\n    assert refund(1) == 1',
      ),
      addedFile(
        'src/test/java/com/rota/BillingTest.java',
        '  @Disabled\n  @Test\n  void refunds() {}',
      ),
      addedFile(
        'billing/refund_test.go',
        'func TestRefund(t *testing.T) {\n\tt.Skip("needs stripe")\n}',
      ),
    ];
    expect(findingsOf('tests.skipped', files).map((f) => `${f.file}:${f.line}`)).toEqual([
      'src/services/__tests__/invoice.test.ts:24',
      'tests/test_billing.py:1',
      'src/test/java/com/rota/BillingTest.java:1',
      'billing/refund_test.go:2',
    ]);
  });

  it('does not report conditional skips or skip() in application code', () => {
    const files = [
      addedFile('src/db.test.ts', "it.skipIf(!process.env.PG)('uses postgres', () => {});"),
      addedFile('src/pager.ts', 'const rest = cursor.skip(10);\nconst xit = 1;'),
    ];
    expect(findingsOf('tests.skipped', files)).toEqual([]);
  });
});
