import { ReadmeAnalysisSchema } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { analyzeReadme } from './analyze-readme.js';
import { FAILING_README, MIT_LICENSE, PERFECT_REPO_FILES } from './fixtures/readme-fixtures.js';
import { RUBRIC } from './rubric.js';
import { analyzeIn, checkOf, withRepo } from './test-repo.js';

describe('analyzeReadme', () => {
  it('gives 100 to a README that passes every check, with its outline, links and code languages', async () => {
    const result = await withRepo(PERFECT_REPO_FILES, analyzeReadme);
    expect(ReadmeAnalysisSchema.parse(result)).toEqual(result);
    expect(result.checks.filter((check) => !check.passed).map((check) => check.id)).toEqual([]);
    expect(result.checks.map((check) => check.id)).toEqual(RUBRIC.map((entry) => entry.id));
    expect(result).toMatchObject({
      found: true,
      readme: { path: 'README.md', format: 'markdown', truncated: false, symlinkTarget: null },
      score: 100,
      points: 100,
      maxPoints: 100,
      notices: [],
      links: { external: 2, relative: 7, anchors: 1, broken: [] },
      codeBlocks: {
        total: 2,
        untagged: 0,
        languages: [
          { language: 'bash', count: 1 },
          { language: 'ts', count: 1 },
        ],
      },
    });
    expect(result.outline.slice(0, 3)).toEqual([
      { depth: 1, text: 'Rota Widgets', line: 1, slug: 'rota-widgets' },
      { depth: 2, text: 'Installation', line: 11, slug: 'installation' },
      { depth: 2, text: 'Usage', line: 19, slug: 'usage' },
    ]);
    expect(result.wordCount).toBeGreaterThanOrEqual(150);
    expect(result.images.filter((image) => image.badge)).toHaveLength(2);
    expect(result.checks.every((check) => check.suggestionKey === null)).toBe(true);
  });

  it('gives 0 to a README that fails every check, each with a suggestion, and lists its broken links', async () => {
    const result = await analyzeIn(FAILING_README);
    expect(ReadmeAnalysisSchema.parse(result)).toEqual(result);
    expect(
      result.checks.filter((check) => check.status !== 'failed').map((check) => check.id),
    ).toEqual([]);
    expect(result.score).toBe(0);
    for (const check of result.checks) expect(check.suggestionKey).toMatch(/^readme\.suggestion\./);
    expect(result.links.broken).toEqual([
      { target: 'nowhere.md', kind: 'file', line: 18, reason: 'missing' },
      { target: '#does-not-exist', kind: 'anchor', line: 18, reason: 'unknownAnchor' },
      { target: 'missing.png', kind: 'image', line: 17, reason: 'missing' },
    ]);
    expect(checkOf(result, 'codeLanguages').evidence).toEqual([
      { kind: 'codeBlock', language: null, fenced: false, line: 15 },
    ]);
    expect(checkOf(result, 'headingLevels').evidence).toEqual([
      { kind: 'headingJump', from: 2, to: 4, text: 'Notes', line: 2 },
    ]);
    expect(
      checkOf(result, 'templateText').evidence.map((item) =>
        item.kind === 'quote' ? item.text : item.kind,
      ),
    ).toEqual(['lorem ipsum']);
  });

  it('says so when there is no README: score 0, every check failed with its advice, no exception', async () => {
    const result = await withRepo(
      { 'src/index.ts': 'export {};\n', 'src/README.md': '# Not shown\n' },
      analyzeReadme,
    );
    expect(ReadmeAnalysisSchema.parse(result)).toEqual(result);
    expect(result).toMatchObject({
      found: false,
      readme: null,
      score: 0,
      notices: ['notFound'],
      otherCandidates: [],
    });
    expect(result.checks).toHaveLength(RUBRIC.length);
    for (const check of result.checks) {
      expect(check.status).toBe('failed');
      expect(check.suggestionKey).toBe(
        RUBRIC.find((entry) => entry.id === check.id)!.suggestionKeys[0],
      );
    }
  });

  it('scores a Turkish README by its Turkish section names', async () => {
    const readme = `# Proje

Bu proje depoları inceleyip yöneticilere anlaşılır raporlar sunan küçük bir araçtır.

## KURULUM

\`\`\`bash
npm install proje
\`\`\`

## Kullanım

\`\`\`bash
npx proje rapor
\`\`\`

## Örnekler

Bir deponun raporu böyle görünür.

## Yapılandırma

Ayarlar \`proje.toml\` dosyasında durur.

## Belgeler
## Katkıda Bulunma
## Güvenlik
## Sürüm Notları
## Lisans

MIT Lisansı.
`;
    const result = await analyzeIn(readme, { LICENSE: MIT_LICENSE });
    for (const id of [
      'installation',
      'usage',
      'examples',
      'configuration',
      'apiDocs',
      'contributing',
      'security',
      'changelog',
      'license',
    ] as const)
      expect(checkOf(result, id).status, id).toBe('passed');
    expect(checkOf(result, 'installation').evidence[0]).toEqual({
      kind: 'quote',
      text: 'KURULUM',
      line: 5,
    });
    expect(result.outline.find((heading) => heading.text === 'Katkıda Bulunma')?.slug).toBe(
      'katkıda-bulunma',
    );
  });

  it('analyses an rst README as far as it can and marks markdown-only checks not applicable', async () => {
    const readme = `=======
Widgets
=======

Widgets renders small dashboard widgets for engineering leaders.

Installation
============

.. code-block:: bash

   pip install widgets

Usage
=====

Run it::

    widgets serve

License
=======

MIT
`;
    const result = await analyzeIn(readme, { LICENSE: MIT_LICENSE }, 'README.rst');
    expect(ReadmeAnalysisSchema.parse(result)).toEqual(result);
    expect(result.readme?.format).toBe('rst');
    expect(result.notices).toEqual(['notMarkdown']);
    const status = Object.fromEntries(result.checks.map((check) => [check.id, check.status]));
    expect(status).toMatchObject({
      title: 'passed',
      description: 'passed',
      installation: 'passed',
      usage: 'passed',
      license: 'passed',
      badges: 'notApplicable',
      tableOfContents: 'notApplicable',
      headingLevels: 'notApplicable',
      singleH1: 'notApplicable',
      codeLanguages: 'notApplicable',
      imageAlt: 'notApplicable',
      links: 'notApplicable',
      length: 'failed',
    });
    const applicable = RUBRIC.filter((entry) => !entry.markdownOnly);
    expect(result.maxPoints).toBe(applicable.reduce((sum, entry) => sum + entry.maxPoints, 0));
    expect(result.score).toBe(Math.round((100 * result.points) / result.maxPoints));
    expect(result.outline.map((heading) => [heading.depth, heading.text])).toEqual([
      [1, 'Widgets'],
      [2, 'Installation'],
      [2, 'Usage'],
      [2, 'License'],
    ]);
  });

  it('finds titles, sections and code blocks in AsciiDoc and Org READMEs', async () => {
    const adoc = await analyzeIn(
      '= Widgets\n\nWidgets renders small dashboard widgets for leaders.\n\n== Installation\n\n[source,bash]\n----\nnpm i widgets\n----\n\n== Usage\n\nSee link:docs/usage.adoc[the guide].\n',
      {},
      'README.adoc',
    );
    expect(adoc.readme?.format).toBe('asciidoc');
    expect(checkOf(adoc, 'title').evidence).toEqual([{ kind: 'quote', text: 'Widgets', line: 1 }]);
    expect(checkOf(adoc, 'installation').evidence[1]).toEqual({
      kind: 'codeBlock',
      language: 'bash',
      fenced: true,
      line: 8,
    });
    // A usage section that only points elsewhere holds nothing for the reader here.
    expect(checkOf(adoc, 'usage')).toMatchObject({
      status: 'failed',
      suggestionKey: 'readme.suggestion.addUsageCode',
    });
    expect(checkOf(adoc, 'apiDocs').passed).toBe(true);
    const org = await analyzeIn(
      '#+TITLE: Widgets\n\nWidgets renders small dashboard widgets for leaders.\n\n* Kurulum\n#+begin_src sh\nmake install\n#+end_src\n',
      {},
      'README.org',
    );
    expect(checkOf(org, 'title').evidence).toEqual([{ kind: 'quote', text: 'Widgets', line: 1 }]);
    expect(checkOf(org, 'description').passed).toBe(true);
    expect(checkOf(org, 'installation').passed).toBe(true);
  });

  it('reads a plain README without extension: first line as title, known section names as headings', async () => {
    const readme = `widgets 1.0

A small tool that renders dashboard widgets for engineering leaders.

INSTALLATION:

    make install

Usage
-----
    widgets serve
`;
    const result = await analyzeIn(readme, {}, 'README');
    expect(result.readme?.format).toBe('text');
    expect(checkOf(result, 'title').evidence).toEqual([
      { kind: 'quote', text: 'widgets 1.0', line: 1 },
    ]);
    expect(checkOf(result, 'description').status).toBe('passed');
    expect(checkOf(result, 'installation').status).toBe('passed');
    expect(checkOf(result, 'usage').status).toBe('passed');
  });

  it('caps a huge README at the read limit, cut at a line end, and says so', async () => {
    // The production cap is 1 MiB (docs/metrics.md); a smaller one keeps the test fast.
    const line = 'Widgets render dashboards for engineering leaders and their teams.\n';
    const readme = `# Huge\n\n${line.repeat(2000)}`;
    const maxReadBytes = 64 * 1024;
    const result = await analyzeIn(readme, {}, 'README.md', { maxReadBytes });
    expect(result.notices).toContain('truncated');
    expect(result.readme).toMatchObject({ truncated: true, size: Buffer.byteLength(readme) });
    expect(result.readme!.bytesAnalyzed).toBeLessThanOrEqual(maxReadBytes);
    expect(result.readme!.bytesAnalyzed).toBeGreaterThan(maxReadBytes - line.length);
    expect((result.readme!.bytesAnalyzed - '# Huge\n\n'.length) % line.length).toBe(0);
    expect(result.lineCount).toBe(2 + (result.readme!.bytesAnalyzed - 8) / line.length);
  });

  it('cuts a huge README without line ends at a character boundary', async () => {
    const readme = `# T\n${'ü'.repeat(100_000)}`;
    const result = await analyzeIn(readme, {}, 'README.md', { maxReadBytes: 100_001 });
    expect(result.readme).toMatchObject({ truncated: true, bytesAnalyzed: 100_000 });
    expect(result.outline).toEqual([{ depth: 1, text: 'T', line: 1, slug: 't' }]);
    expect(result.wordCount).toBe(2);
  });

  it('never throws on malformed or hostile markdown', async () => {
    const nasty = [
      '>'.repeat(1000) + ' deep',
      '[unclosed](',
      '<h1 align="center"><img src="x',
      '<p>'.repeat(3000),
      '<a name=' + '"'.repeat(100),
      '```\nunclosed fence',
      '| a | b |\n|---|\n| 1 | 2 | 3 |',
      '\u0000\uFFFD\uD800 binary-ish',
      '# ' + '#'.repeat(300),
      '[x]: <> "title"\n[y][x] [z][]',
    ].join('\n\n');
    const result = await analyzeIn(nasty);
    expect(ReadmeAnalysisSchema.parse(result)).toEqual(result);
    expect(result.notices).toEqual([]);
  });

  it('reads markdown that remark would take too long on as plain text, within the time limit', async () => {
    // Nested list markers make micromark quadratic: 8,000 of them take many seconds.
    const hostile = `# Title\n\nA description with enough words to count.\n\n${'- '.repeat(8000)}x\n`;
    const started = Date.now();
    const result = await analyzeIn(hostile, {}, 'README.md', { parseTimeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(result.notices).toEqual(['parseFailed']);
    expect(ReadmeAnalysisSchema.parse(result)).toEqual(result);
    expect(checkOf(result, 'title').passed).toBe(true);
  });

  it('reads a README stored with a BOM and CRLF line ends', async () => {
    const readme =
      '\uFEFF# Title\r\n\r\nA description that has enough words in it.\r\n\r\n## Usage\r\n\r\n```sh\r\nrun\r\n```\r\n';
    const result = await analyzeIn(readme);
    expect(checkOf(result, 'title').evidence).toEqual([{ kind: 'quote', text: 'Title', line: 1 }]);
    expect(checkOf(result, 'usage').status).toBe('passed');
  });
});
