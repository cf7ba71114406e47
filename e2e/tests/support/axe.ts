import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, type Page, type TestInfo } from '@playwright/test';
import { AXE_DIR } from './paths.js';

const BLOCKING = new Set(['serious', 'critical']);

type Violation = Awaited<ReturnType<AxeBuilder['analyze']>>['violations'][number];

function describe(violations: Violation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) =>
            `    at ${node.target.join(' ')}\n      ${(node.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `- [${violation.impact}] ${violation.id}: ${violation.help}\n    ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/**
 * Runs axe on the page as it is now. Serious and critical violations fail the test with what to fix
 * (rule, element, help); milder ones are kept in output/axe/<label>.json and the report, not failed.
 */
export async function expectNoSeriousAxeViolations(page: Page, testInfo: TestInfo, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ''));
  const summary = {
    label,
    url: results.url,
    passes: results.passes.length,
    incomplete: results.incomplete.map((v) => ({
      id: v.id,
      impact: v.impact,
      nodes: v.nodes.length,
    })),
    violations: results.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.map((node) => node.target.join(' ')),
    })),
  };
  mkdirSync(AXE_DIR, { recursive: true });
  writeFileSync(path.join(AXE_DIR, `${label}.json`), `${JSON.stringify(summary, null, 2)}\n`);
  await testInfo.attach(`axe-${label}`, {
    body: JSON.stringify(summary, null, 2),
    contentType: 'application/json',
  });
  const minor = results.violations.filter((v) => !BLOCKING.has(v.impact ?? ''));
  if (minor.length > 0) {
    console.log(
      `axe ${label}: ${minor.length} minor/moderate finding(s), not failing:\n${describe(minor)}`,
    );
  }
  expect(
    blocking.length,
    `axe found ${blocking.length} serious/critical violation(s) on ${label}:\n${describe(blocking)}`,
  ).toBe(0);
}
