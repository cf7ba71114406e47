import { describe, expect, it } from 'vitest';
import { analyzeIn, checkOf } from './test-repo.js';

/** READMEs that say what a check asks without the heading word it used to look for. */
describe('README checks judge content, not heading words', () => {
  it('description: under "Intro", after an announcement, or under a logo with no text title', async () => {
    const intro = await analyzeIn(
      '[![Banner](https://example.invalid/banner.svg)](https://example.invalid)\n\n## Intro\n\nWidgets is an opinionated formatter that prints your code again.\n',
    );
    expect(checkOf(intro, 'description').evidence[0]).toMatchObject({ line: 5 });
    const banner = await analyzeIn(
      `[![Banner](https://example.invalid/banner.svg)](https://example.invalid)\n${'\n<p align="center"><em>JS</em></p>\n'.repeat(15)}\n## Intro\n\nWidgets formats your code again with its own rules.\n`,
    );
    expect(checkOf(banner, 'title').passed).toBe(true);
    expect(checkOf(banner, 'description').passed).toBe(true);
    const announced = await analyzeIn(
      '# Widgets\n\n## Widgets 2.0 is now available!\n\nWe are excited to announce a new release today.\n\n---\n\nWidgets is a fast web framework written in Go.\n',
    );
    expect(checkOf(announced, 'description').evidence[0]).toMatchObject({ line: 9 });
    const logo = await analyzeIn(
      '<img src="logo.png" alt="{widgets}" width="25%"/>\n\n**{widgets}** is an open-source formatting library for C++.\n\n# Features\n\n- Fast\n',
      { 'logo.png': 'png' },
    );
    expect(checkOf(logo, 'title').evidence).toEqual([
      { kind: 'quote', text: '{widgets}', line: 1 },
    ]);
    expect(checkOf(logo, 'description').passed).toBe(true);
    // An announcement alone is no description.
    const onlyNews = await analyzeIn(
      '# Widgets\n\n## News\n\nWe are excited to announce a new release today.\n',
    );
    expect(checkOf(onlyNews, 'description').passed).toBe(false);
  });

  it('installation: a Cargo.toml or Gradle dependency under any heading', async () => {
    const cargo = await analyzeIn(
      '# W\n\n## W in action\n\n```toml\n[dependencies]\nw = "1.0"\n```\n',
    );
    expect(checkOf(cargo, 'installation')).toMatchObject({
      status: 'passed',
      evidence: [{ kind: 'codeBlock', language: 'toml', line: 5 }],
    });
    const gradle = await analyzeIn(
      'W\n=\n\nReleases\n--------\n\n```kotlin\nimplementation("com.example:w:5.4.0")\n```\n',
    );
    expect(checkOf(gradle, 'installation').status).toBe('passed');
    const data = await analyzeIn('# W\n\n## Data\n\n```toml\n[server]\nport = 1\n```\n');
    expect(checkOf(data, 'installation').status).toBe('failed');
  });

  it('usage: code showing use under its own heading; a pointer to the docs is partial', async () => {
    const running = await analyzeIn(
      '# W\n\n## Building W\n\n    % make\n    % make test\n\n## Running W\n\nTo run it:\n\n    % cd src\n    % ./w-server\n',
    );
    expect(checkOf(running, 'usage')).toMatchObject({
      status: 'passed',
      evidence: [{ kind: 'quote', text: 'Running W', line: 8 }, { kind: 'codeBlock' }],
    });
    const intro = await analyzeIn(
      '# W\n\n## About\n\nText.\n\n## More\n\nText.\n\n## Intro\n\nW formats code.\n\n### Input\n\n```js\nfoo(a,b)\n```\n',
    );
    expect(checkOf(intro, 'usage').status).toBe('failed');
    const badgeSnippet = await analyzeIn(
      '# W\n\n## About\n\nText.\n\n## More\n\nText.\n\n## Badge\n\n```md\n[![style: w](https://img.shields.io/badge/w-x.svg)](https://w.example.invalid)\n```\n',
    );
    expect(checkOf(badgeSnippet, 'usage').status).toBe('failed');
    const buildOnly = await analyzeIn(
      '# W\n\n## About\n\nText.\n\n## More\n\nText.\n\n## Building W\n\n    % cd src\n    % ./configure\n',
    );
    expect(checkOf(buildOnly, 'usage').status).toBe('failed');
    const pointer = await analyzeIn(
      '# W\n\n## Installation / Usage\n\nFor usage, see [the documentation](https://w.example.invalid/doc/).\n',
    );
    expect(checkOf(pointer, 'usage')).toMatchObject({
      status: 'partial',
      suggestionKey: 'readme.suggestion.addUsageCode',
    });
  });

  it('examples: a program that opens the README, or code the prose calls an example', async () => {
    const opening = await analyzeIn(
      "# W\n\nW is a DSL for web applications in Ruby:\n\n```ruby\nrequire 'w'\nget('/') { 'Hello' }\n```\n\n## More\n\n## Later\n",
    );
    expect(checkOf(opening, 'examples').evidence).toEqual([
      { kind: 'codeBlock', language: 'ruby', fenced: true, line: 5 },
    ]);
    const called = await analyzeIn(
      '# W\n\n## Intro\n\nText.\n\n## Get a URL\n\nThis program downloads a URL.\n\n```java\nString body = client.get(url);\n```\n',
    );
    expect(checkOf(called, 'examples').passed).toBe(true);
    const gettingStarted = await analyzeIn(
      '# W\n\n## Intro\n\nText.\n\n## Getting Started\n\nThis minimal example exposes one tool:\n\n```typescript\nserver.tool("greet", greet);\n```\n',
    );
    expect(checkOf(gettingStarted, 'examples').passed).toBe(true);
    const plain = await analyzeIn(
      '# W\n\n## Intro\n\nText.\n\n## Your first app\n\nCreate a file:\n\n```go\nfunc main() { w.Run() }\n```\n',
    );
    expect(checkOf(plain, 'examples').passed).toBe(false);
  });

  it('examples: a benchmark chart or a contributors image is no screenshot', async () => {
    const chart = await analyzeIn(
      '# W\n\n<img alt="Shows a bar chart with benchmark results." src="https://example.invalid/w.svg">\n\n[<img src="https://opencollective.com/w/contributors.svg?width=890">](https://github.com/o/w/graphs/contributors)\n',
    );
    expect(checkOf(chart, 'examples').passed).toBe(false);
  });

  it("apiDocs: links to other projects' documentation do not count", async () => {
    const others = await analyzeIn(
      '# Flaskish\n\nBuilt on [WSGI](https://wsgi.readthedocs.io/).\n',
    );
    expect(checkOf(others, 'apiDocs').passed).toBe(false);
    const own = await analyzeIn(
      '# Flaskish\n\nRead [the docs](https://flaskish.readthedocs.io/).\n',
    );
    expect(checkOf(own, 'apiDocs').passed).toBe(true);
    const rubydoc = await analyzeIn(
      '# Sinatraish\n\nAPI documentation for the [latest release](https://www.rubydoc.info/gems/sinatraish).\n',
    );
    expect(checkOf(rubydoc, 'apiDocs').passed).toBe(true);
  });

  it('contributing and security stated in prose; a security topic is no policy', async () => {
    const prose = await analyzeIn(
      '# W\n\nEveryone is welcome to post bug reports and patches to w@lists.example.invalid.\n\nIssues which are security relevant should be disclosed privately to the W Security mailing list.\n',
    );
    expect(checkOf(prose, 'contributing').evidence[0]).toMatchObject({ line: 3 });
    expect(checkOf(prose, 'security').evidence[0]).toMatchObject({ line: 5 });
    const topic = await analyzeIn(
      '# W\n\n## Secret Key Security\n\nSet a long random secret key in production.\n',
    );
    expect(checkOf(topic, 'security').passed).toBe(false);
    const policy = await analyzeIn(
      '# W\n\n## Security\n\nReport vulnerabilities to security@example.invalid.\n',
    );
    expect(checkOf(policy, 'security').passed).toBe(true);
  });
});
