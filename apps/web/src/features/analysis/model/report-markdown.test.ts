import { beforeEach, describe, expect, it } from 'vitest';
import '../i18n';
import { i18n } from '../../../lib/i18n';
import {
  branchAnalysisFixture,
  branchFixture,
  diagramFixture,
  entryFixture,
  jobFixture,
  readmeResultFixture,
  structureResultFixture,
} from '../../../test/analysis-fixtures';
import { repoFixture } from '../../../test/project-fixtures';
import type { AnalysisView } from '../api/analysis-kinds';
import type { AnalysisEntry, AnalysisSnapshot } from '../api/fetch-analysis';
import { reportToMarkdown } from './report-markdown';
import { buildReport, reportToJson, type ViewState } from './report-model';

const ready = <K extends AnalysisView>(result: unknown, overrides = {}): ViewState<K> => ({
  snapshot: {
    state: 'ready',
    entries: [{ ...entryFixture(result, overrides), invalidResult: false } as AnalysisEntry<K>],
  } as AnalysisSnapshot<K>,
  failed: false,
  jobs: new Map(),
});

const project = {
  id: 'p-1',
  name: 'Fixture Shop',
  status: 'active',
  repos: [repoFixture({ id: 'r-1', owner: 'acme', repo: 'shop', name: 'shop' })],
};
const now = new Date('2026-01-02T03:04:05Z');

function markdown(states = {}) {
  const report = buildReport(
    project,
    {
      branches: ready(branchAnalysisFixture()),
      readme: ready(readmeResultFixture()),
      structure: ready(structureResultFixture()),
      diagram: ready(diagramFixture()),
      ...states,
    },
    now,
  );
  return {
    report,
    text: reportToMarkdown(report, { t: i18n.t.bind(i18n), locale: i18n.language }),
  };
}

beforeEach(async () => {
  await i18n.changeLanguage('en');
});

describe('full report as Markdown', () => {
  it('marks release lines among the branches', () => {
    const branches = branchAnalysisFixture([
      branchFixture({
        name: '5.x',
        status: 'merged',
        merged: true,
        stale: false,
        releaseLine: 'name',
      }),
    ]);
    const { text } = markdown({ branches: ready(branches) });
    expect(text).toMatch(/\| 5\.x \| Merged, Release line \|/);
  });

  it('has the title, contents and every repository’s four sections', () => {
    const { text } = markdown();
    expect(text.startsWith('# Full analysis: Fixture Shop\n')).toBe(true);
    expect(text).toContain(
      '## Contents\n\n- [acme/shop](#acmeshop)\n  - Branches\n  - README\n  - Structure\n  - Technical diagram',
    );
    expect(text).toContain('## acme/shop');
    for (const heading of [
      '### Branches',
      '### README',
      '### Structure',
      '### Technical diagram',
    ]) {
      expect(text).toContain(heading);
    }
    expect(text).toContain('_Commit: `1b22928`');
  });

  it('renders the branches, README, structure and diagram as the page shows them', () => {
    const { text } = markdown();
    expect(text).toContain(
      '| Branches | Default | Ahead | Diverged | Merged | Stale | Active |\n| --- | --- | --- | --- | --- | --- | --- |\n| 4 | 1 | 1 | 1 | 1 | 2 | 2 |',
    );
    expect(text).toMatch(
      /\| feature\/refunds \| Diverged, Stale \| 2 \| 2 \| .+ \| Grace Hopper \| Expose refunds \|/,
    );
    expect(text).toContain('**README score:** 75/100 (fair)');
    expect(text).toContain(
      '| Installation | Partial | 5/10 | Show the installation commands in a code block in the Installation section. |',
    );
    expect(text).toContain(
      '| Security policy | missing | Add a SECURITY.md explaining how to report vulnerabilities. |',
    );
    expect(text).toContain('| TypeScript | 10 | 2 KB | 58 | 100% | 100% |');
    expect(text).toContain('| JSON | 1 | 417 B | 21 | not counted | not counted |');
    expect(text).toContain('- **Web frameworks:** Express ^4.19.2');
    expect(text).toContain(
      '```mermaid\nflowchart LR\n  subgraph g_src["src"]\n    n_db["db · TypeScript · 10 lines · Data"]',
    );
    expect(text).toContain('**Import cycles (1):** src/db → src/server → src/db');
  });

  it('opens with the summary the page shows: the three things to do first, then the other risks', () => {
    const { text } = markdown();
    const summary = text.indexOf('## Summary');
    expect(summary).toBeGreaterThan(0);
    expect(summary).toBeLessThan(text.indexOf('## Contents'));
    expect(text).toContain(
      "### Three things to do first\n\n1. **Break the dependency cycles**\n   - acme/shop: 1 cycle between its components\n2. **Close the README's largest gap**",
    );
    expect(text).toContain(
      '   - acme/shop: Show the installation commands in a code block in the Installation section. (5 points of 100 lost)',
    );
    expect(text).toContain(
      '### Other risks\n\n4. **Merge or delete the stale branches**\n   - acme/shop: 2 stale branches not merged',
    );
  });

  it('says what is still running or failed instead of leaving gaps', () => {
    const { text } = markdown({
      branches: {
        snapshot: {
          state: 'accepted',
          accepted: {
            status: 'running',
            jobId: 'job-1',
            progress: 40,
            jobs: [jobFixture({ stage: 'analyzing', progress: 40 })],
          },
        },
        failed: false,
        jobs: new Map(),
      },
      readme: ready(null, {
        status: 'failed',
        job: jobFixture({
          status: 'failed',
          error: { code: 'REPO_TIMEOUT', message: 'took too long' },
        }),
      }),
    });
    expect(text).toContain('_In progress: Analysing (40%)_');
    expect(text).toContain(
      '_The analysis failed: Fetching the repository took too long. Try again later; if it keeps happening, ask the administrator to raise the time limit (CLONE_TIMEOUT_S)._',
    );
  });

  it('is written in the UI language', async () => {
    await i18n.changeLanguage('tr');
    const { text } = markdown();
    expect(text).toContain('# Tam analiz: Fixture Shop');
    expect(text).toContain('| Dal | Durum | Geride | Önde | Son commit | Yazar | Mesaj |');
    expect(text).toContain('n_db["db · TypeScript · 10 satır · Veri"]');
    expect(text).not.toMatch(/\blines\b|\bExternal systems\b/);
  });

  it('exports the same report as JSON, results as the API gave them', () => {
    const { report } = markdown();
    const json = JSON.parse(reportToJson(report));
    expect(json).toMatchObject({
      format: 'rota-analysis-report',
      version: 1,
      project: { id: 'p-1', name: 'Fixture Shop' },
      generatedAt: now.toISOString(),
    });
    expect(json.repositories[0].items.branches.result).toEqual(branchAnalysisFixture());
    expect(json.repositories[0].items.diagram.state).toBe('ready');
  });
});
