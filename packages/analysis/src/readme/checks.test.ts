import { describe, expect, it } from 'vitest';
import { analyzeIn, checkOf } from './test-repo.js';

const DESCRIPTION = 'A tool that turns repositories into reports for engineering leaders.';

describe('README checks, one at a time', () => {
  it('title: setext and HTML <h1> count; a first heading of level 2 does not', async () => {
    const setext = await analyzeIn(`Widgets\n=======\n\n${DESCRIPTION}\n`);
    expect(checkOf(setext, 'title').evidence).toEqual([
      { kind: 'quote', text: 'Widgets', line: 1 },
    ]);
    const html = await analyzeIn(
      `<h1 align="center">\n  <img src="logo.png" alt="Widgets logo"><br>Widgets\n</h1>\n\n<p align="center">${DESCRIPTION}</p>\n`,
      { 'logo.png': 'png' },
    );
    expect(checkOf(html, 'title')).toMatchObject({
      passed: true,
      evidence: [{ kind: 'quote', text: 'Widgets', line: 1 }],
    });
    expect(checkOf(html, 'description').evidence[0]).toEqual({
      kind: 'quote',
      text: DESCRIPTION,
      line: 5,
    });
    expect(checkOf(html, 'singleH1').passed).toBe(true);
    const level2 = await analyzeIn(`## Widgets\n\n# Later\n`);
    expect(checkOf(level2, 'title').passed).toBe(false);
  });

  it('description: found after badges and a logo, not after the next heading or too far down', async () => {
    const badges = await analyzeIn(
      `# W\n\n[![b](https://img.shields.io/badge/a-b-c)](x)\n\n![logo](https://example.invalid/logo.png)\n\n${DESCRIPTION}\n`,
    );
    expect(checkOf(badges, 'description').passed).toBe(true);
    const afterHeading = await analyzeIn(`# W\n\n## Other\n\n${DESCRIPTION}\n`);
    expect(checkOf(afterHeading, 'description').passed).toBe(false);
    const tooFar = await analyzeIn(`# W\n${'\n'.repeat(40)}${DESCRIPTION}\n`);
    expect(checkOf(tooFar, 'description').passed).toBe(false);
    const short = await analyzeIn(`# W\n\nToo short.\n`);
    expect(checkOf(short, 'description').passed).toBe(false);
  });

  it('installation: partial without a code block; a code block in a sub-section counts', async () => {
    const partial = await analyzeIn('# W\n\n## Installation\n\nDownload it from the website.\n');
    expect(checkOf(partial, 'installation')).toMatchObject({
      status: 'partial',
      points: 5,
      maxPoints: 10,
      suggestionKey: 'readme.suggestion.addInstallationCode',
    });
    const nested = await analyzeIn(
      '# W\n\n## Installation\n\n### From npm\n\n```sh\nnpm i w\n```\n\n## Usage\n\nRun it.\n',
    );
    expect(checkOf(nested, 'installation').status).toBe('passed');
    // A usage section in prose serves its reader.
    expect(checkOf(nested, 'usage').status).toBe('passed');
    const codeElsewhere = await analyzeIn(
      '# W\n\n## Installation\n\nSee below.\n\n## Other\n\n```sh\nnpm i w\n```\n',
    );
    expect(checkOf(codeElsewhere, 'installation').status).toBe('partial');
  });

  it("installation: an install command in the opening counts without a heading, as in Sinatra's README", async () => {
    const opening = await analyzeIn(
      "# W\n\nW is a small framework:\n\n```ruby\nrequire 'w'\nget('/') { 'Hi' }\n```\n\nInstall the gems needed:\n\n```shell\ngem install w puma\n```\n\n## Contents\n\n- a\n\n## Routes\n\nText.\n",
    );
    expect(checkOf(opening, 'installation')).toMatchObject({
      status: 'passed',
      evidence: [{ kind: 'codeBlock', language: 'shell', fenced: true, line: 12 }],
    });
    const later = await analyzeIn(
      '# W\n\nW is a small framework.\n\n## Contents\n\n- a\n\n## Building the docs\n\n```shell\ngem install yard\n```\n',
    );
    expect(checkOf(later, 'installation').status).toBe('failed');
  });

  it("installation: a Download section counts, as retrofit's coordinates do", async () => {
    const download = await analyzeIn(
      'Widgets\n=======\n\nA client.\n\nDownload\n--------\n\nGrab it from Maven Central at `com.example:widgets:2.1.0`.\n',
    );
    expect(checkOf(download, 'installation')).toMatchObject({
      status: 'partial',
      evidence: [{ kind: 'quote', text: 'Download', line: 6 }],
    });
  });

  it('usage: a code block showing use in the opening passes without a heading; install commands do not', async () => {
    // The shape of requests: badges, a sentence, then a session in a code block, no "Usage" heading.
    const opening = await analyzeIn(
      "# W\n\n[![v](https://img.shields.io/pypi/v/w.svg)](https://pypi.org/project/w/)\n\n**W** is a small library.\n\n```python\n>>> import w\n>>> w.get('x')\n200\n```\n\n## Installing\n\n```console\n$ python -m pip install w\n```\n",
    );
    expect(checkOf(opening, 'usage')).toMatchObject({
      status: 'passed',
      evidence: [{ kind: 'codeBlock', language: 'python', fenced: true, line: 7 }],
    });
    const installOnly = await analyzeIn(
      '# W\n\nW is a small library.\n\n```sh\n$ pip install w\n```\n\n## Notable projects using this library\n\n- A: a tool built on W.\n',
    );
    expect(checkOf(installOnly, 'usage')).toMatchObject({
      status: 'failed',
      suggestionKey: 'readme.suggestion.addUsage',
    });
    const linksOnly = await analyzeIn(
      '# W\n\nW is a small library.\n\n## Usage\n\n[Guide](https://w.example/guide)\n\n![logo](logo.png)\n',
      { 'logo.png': 'png' },
    );
    expect(checkOf(linksOnly, 'usage')).toMatchObject({
      status: 'failed',
      suggestionKey: 'readme.suggestion.addUsageCode',
    });
  });

  it('examples: a heading over only logos or links is no example; linked logos are no screenshots', async () => {
    const logos = await analyzeIn(
      '# W\n\n## Examples\n\n![W logo](logo.png) ![Company logo](company.png)\n\n## Other\n\nText here.\n',
      { 'logo.png': 'png', 'company.png': 'png' },
    );
    expect(checkOf(logos, 'examples').status).toBe('failed');
    const sponsors = await analyzeIn(
      '# W\n\nW is a small library.\n\n---\n\n[![Jane Doe](jd.png)](https://jane.example) [![Foundation](f.png)](https://foundation.example)\n',
      { 'jd.png': 'png', 'f.png': 'png' },
    );
    expect(checkOf(sponsors, 'examples').status).toBe('failed');
    const shown = await analyzeIn('# W\n\n## Examples\n\n[![A search](shot.png)](shot.png)\n', {
      'shot.png': 'png',
    });
    expect(checkOf(shown, 'examples').status).toBe('passed');
  });

  it("usage and examples: a Hello World section with code is both, as in Slim's README", async () => {
    const hello = await analyzeIn(
      "# W\n\nW is a small framework.\n\n## Installation\n\n```bash\ncomposer require w/w\n```\n\n## Choose a server\n\nAny server works.\n\n## Hello World using the factory\n\n```php\n<?php\n$app = W::create();\n$app->get('/', fn () => 'Hello');\n$app->run();\n```\n",
    );
    expect(checkOf(hello, 'usage').status).toBe('passed');
    expect(checkOf(hello, 'examples').status).toBe('passed');
  });

  it('examples: a screenshot counts, a badge or a missing image does not', async () => {
    const screenshot = await analyzeIn('# W\n\n![Board](shot.png)\n', { 'shot.png': 'png' });
    expect(checkOf(screenshot, 'examples').passed).toBe(true);
    const badgeOnly = await analyzeIn(
      '# W\n\n![ci](https://github.com/o/r/actions/workflows/ci.yml/badge.svg)\n',
    );
    expect(checkOf(badgeOnly, 'examples').passed).toBe(false);
    expect(checkOf(badgeOnly, 'badges').passed).toBe(true);
    const missing = await analyzeIn('# W\n\n![Board](missing.png)\n');
    expect(checkOf(missing, 'examples').passed).toBe(false);
  });

  it('apiDocs: a documentation link passes without a section', async () => {
    const rtd = await analyzeIn(
      '# W\n\nFull docs on [Read the Docs](https://widgets.readthedocs.io/).\n',
    );
    expect(checkOf(rtd, 'apiDocs').evidence).toEqual([
      { kind: 'quote', text: 'https://widgets.readthedocs.io/', line: 3 },
    ]);
    const none = await analyzeIn('# W\n\nSee [the site](https://example.invalid/).\n');
    expect(checkOf(none, 'apiDocs').passed).toBe(false);
  });

  it('tableOfContents: needed only when long; a list of section links or a contents heading satisfies it', async () => {
    const sections = Array.from({ length: 11 }, (_, index) => `## Part ${index}\n\nText.\n`).join(
      '\n',
    );
    const toc = Array.from({ length: 11 }, (_, index) => `- [Part ${index}](#part-${index})`).join(
      '\n',
    );
    const longWithout = await analyzeIn(`# W\n\n${sections}`);
    expect(checkOf(longWithout, 'tableOfContents').passed).toBe(false);
    const longWithList = await analyzeIn(`# W\n\n${toc}\n\n${sections}`);
    expect(checkOf(longWithList, 'tableOfContents').passed).toBe(true);
    const longWithHeading = await analyzeIn(`# W\n\n## İçindekiler\n\n${sections}`);
    expect(checkOf(longWithHeading, 'tableOfContents').passed).toBe(true);
    const longByLines = await analyzeIn(`# W\n\n${'Line of text.\n\n'.repeat(130)}`);
    expect(checkOf(longByLines, 'tableOfContents').passed).toBe(false);
  });

  it('contributing, security, changelog: a link passes; an existing file not linked asks for a link', async () => {
    const linked = await analyzeIn(
      '# W\n\n[How to help](.github/CONTRIBUTING.md), [report](SECURITY.md), [releases](https://github.com/o/r/releases).\n',
      { '.github/CONTRIBUTING.md': 'x', 'SECURITY.md': 'x' },
    );
    for (const id of ['contributing', 'security', 'changelog'] as const)
      expect(checkOf(linked, id).passed, id).toBe(true);
    const unlinked = await analyzeIn('# W\n', {
      'docs/CONTRIBUTING.md': 'x',
      '.github/SECURITY.md': 'x',
      'HISTORY.md': 'x',
    });
    expect(checkOf(unlinked, 'contributing')).toMatchObject({
      suggestionKey: 'readme.suggestion.linkContributing',
      evidence: [{ kind: 'quote', text: 'docs/CONTRIBUTING.md', line: null }],
    });
    expect(checkOf(unlinked, 'security').suggestionKey).toBe(
      'readme.suggestion.linkSecurityPolicy',
    );
    expect(checkOf(unlinked, 'changelog').suggestionKey).toBe('readme.suggestion.linkChangelog');
    const contributors = await analyzeIn('# W\n\n## Contributors\n\nAda, Linus.\n');
    expect(checkOf(contributors, 'contributing').suggestionKey).toBe(
      'readme.suggestion.addContributing',
    );
  });

  it('headingLevels and singleH1: HTML headings count; going back up is fine', async () => {
    const fine = await analyzeIn('# W\n\n## A\n\n### B\n\n## C\n\n### D\n');
    expect(checkOf(fine, 'headingLevels').passed).toBe(true);
    const htmlSkip = await analyzeIn('# W\n\n<h3>Skipped</h3>\n\n# Second\n');
    expect(checkOf(htmlSkip, 'headingLevels').evidence).toEqual([
      { kind: 'headingJump', from: 1, to: 3, text: 'Skipped', line: 3 },
    ]);
    expect(checkOf(htmlSkip, 'singleH1').evidence).toEqual([
      { kind: 'quote', text: 'W', line: 1 },
      { kind: 'quote', text: 'Second', line: 5 },
    ]);
  });

  it('codeLanguages and imageAlt: every block tagged, every image described, HTML images included', async () => {
    const result = await analyzeIn(
      '# W\n\n```js\nx\n```\n\n~~~\ny\n~~~\n\n![](a.png) <img src="b.png"> <img src="c.png" alt="C"> ![A](d.png)\n',
      { 'a.png': '', 'b.png': '', 'c.png': '', 'd.png': '' },
    );
    expect(checkOf(result, 'codeLanguages').evidence).toEqual([
      { kind: 'codeBlock', language: null, fenced: true, line: 7 },
    ]);
    expect(
      checkOf(result, 'imageAlt').evidence.map((item) =>
        item.kind === 'quote' ? item.text : item.kind,
      ),
    ).toEqual(['a.png', 'b.png']);
    const none = await analyzeIn('# W\n');
    expect(checkOf(none, 'codeLanguages').passed).toBe(true);
    expect(checkOf(none, 'imageAlt').passed).toBe(true);
  });

  it('length: words outside code blocks, too short and very long', async () => {
    const code = await analyzeIn(`# W\n\n\`\`\`text\n${'word '.repeat(500)}\n\`\`\`\n`);
    expect(code.wordCount).toBe(1);
    expect(checkOf(code, 'length').suggestionKey).toBe('readme.suggestion.expandReadme');
    const long = await analyzeIn(`# W\n\n${'word '.repeat(10_001)}\n`);
    expect(checkOf(long, 'length').suggestionKey).toBe('readme.suggestion.shortenReadme');
  });

  it("templateText: create-react-app's README, placeholders and TODO outside code only", async () => {
    const cra = await analyzeIn(
      '# Getting Started with Create React App\n\nThis project was bootstrapped with [Create React App](https://github.com/facebook/create-react-app).\n\n## Available Scripts\n',
    );
    expect(checkOf(cra, 'templateText').evidence).toEqual([
      { kind: 'quote', text: 'getting started with create react app', line: 1 },
      { kind: 'quote', text: 'this project was bootstrapped with create react app', line: 3 },
    ]);
    const placeholders = await analyzeIn(
      '# Project Title\n\nA short description of what it does.\n\nTODO: write more.\n',
    );
    expect(checkOf(placeholders, 'templateText').evidence).toEqual([
      { kind: 'quote', text: 'Project Title', line: 1 },
      { kind: 'quote', text: 'A short description of what it does.', line: 3 },
      { kind: 'quote', text: 'TODO', line: 5 },
    ]);
    const codeTodo = await analyzeIn('# W\n\nA todo list app.\n\n```js\n// TODO: later\n```\n');
    expect(checkOf(codeTodo, 'templateText').passed).toBe(true);
    const turkish = await analyzeIn('# Proje Başlığı\n\nProjenizi tanımlayın.\n');
    expect(
      checkOf(turkish, 'templateText').evidence.map((item) =>
        item.kind === 'quote' ? item.text : item.kind,
      ),
    ).toEqual(['Proje Başlığı', 'projenizi tanimlayin']);
  });
});
