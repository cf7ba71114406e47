import { describe, expect, it } from 'vitest';
import { analyzeReadme } from './analyze-readme.js';
import { analyzeIn, withRepo } from './test-repo.js';

const TREE = {
  'docs/guide.md': '# Guide\n',
  'docs/my file.md': 'spaces\n',
  'docs/ünïcode.md': 'unicode\n',
  'docs/images/logo.png': 'png',
  'src/index.ts': 'export {};\n',
  LICENSE: 'MIT',
};

const brokenTargets = (result: Awaited<ReturnType<typeof analyzeIn>>) =>
  result.links.broken.map((link) => `${link.kind}:${link.reason}:${link.target}`);

describe('relative links and anchors', () => {
  it('resolves files, directories, ./, /, URL-encoded names and names with spaces', async () => {
    const readme = `# Links

[guide](docs/guide.md) [dir](docs) [dir slash](docs/) [src](./src/) [root](./) [abs](/docs/guide.md)
[encoded](docs/my%20file.md) [spaces](<docs/my file.md>) [unicode](docs/%C3%BCn%C3%AFcode.md)
[raw unicode](docs/ünïcode.md) [query](docs/guide.md?plain=1) [fragment](docs/guide.md#guide)
[license](LICENSE) [parent within](docs/../LICENSE) [reference][ref]
![logo](docs/images/logo.png) <img src="./docs/images/logo.png" alt="logo">
<a href="src/index.ts">html link</a>

[ref]: ./docs/guide.md
`;
    const result = await analyzeIn(readme, TREE);
    expect(brokenTargets(result)).toEqual([]);
    expect(result.links.relative).toBe(16);
  });

  it('reports missing files, paths leaving the repository and missing images, with their lines', async () => {
    const readme = `# Links

[missing](docs/nope.md) [case matters](docs/GUIDE.md) [outside](../sibling/README.md)
[deep outside](../../../etc/passwd) [wrong dir](docs/guide.md/x)

![gone](docs/images/gone.png)
`;
    const result = await analyzeIn(readme, TREE);
    expect(result.links.broken).toEqual([
      { target: 'docs/nope.md', kind: 'file', line: 3, reason: 'missing' },
      { target: 'docs/GUIDE.md', kind: 'file', line: 3, reason: 'missing' },
      { target: '../sibling/README.md', kind: 'file', line: 3, reason: 'outsideRepository' },
      { target: '../../../etc/passwd', kind: 'file', line: 4, reason: 'outsideRepository' },
      { target: 'docs/guide.md/x', kind: 'file', line: 4, reason: 'missing' },
      { target: 'docs/images/gone.png', kind: 'image', line: 6, reason: 'missing' },
    ]);
  });

  it("resolves a docs/ README's links against docs/, including ../", async () => {
    const readme = '# Docs\n\n[guide](guide.md) [up](../src/index.ts) [wrong](docs/guide.md)\n';
    const result = await analyzeIn(readme, TREE, 'docs/README.md');
    expect(brokenTargets(result)).toEqual(['file:missing:docs/guide.md']);
  });

  it('counts external links and GitHub pages reached by ../../ without requesting anything', async () => {
    const readme = `# Ext

[site](https://example.invalid/x) [mail](mailto:a@example.invalid) [proto](//cdn.example.invalid/x.js)
[issues](../../issues) [wiki](../../wiki/Home) https://bare.example.invalid/auto
`;
    const result = await analyzeIn(readme, TREE);
    expect(result.links).toMatchObject({ total: 6, external: 6, relative: 0, broken: [] });
  });

  it('resolves #anchors against GitHub slugs, duplicates and explicit anchors', async () => {
    const readme = `# Rota Widgets

## Getting Started!
## Getting Started!
## Kurulum ve Çalıştırma
## \`code\` & [link](x.md) text
## :rocket: Emoji 🚀 heading

<a name="custom-anchor"></a>
<div id="html-id"></div>

[a](#rota-widgets) [b](#getting-started) [c](#getting-started-1) [d](#kurulum-ve-çalıştırma)
[e](#kurulum-ve-%C3%A7al%C4%B1%C5%9Ft%C4%B1rma) [f](#code--link-text) [g](#rocket-emoji--heading)
[h](#custom-anchor) [i](#html-id) [j](#user-content-custom-anchor) [k](#Getting-Started) [top](#)

[bad 1](#getting-started-2) [bad 2](#installation)
`;
    const result = await analyzeIn(readme, { 'x.md': '' });
    expect(result.outline.map((heading) => heading.slug)).toEqual([
      'rota-widgets',
      'getting-started',
      'getting-started-1',
      'kurulum-ve-çalıştırma',
      'code--link-text',
      'rocket-emoji--heading',
    ]);
    expect(brokenTargets(result)).toEqual([
      'anchor:unknownAnchor:#getting-started-2',
      'anchor:unknownAnchor:#installation',
    ]);
    expect(result.links.anchors).toBe(14);
  });

  it('resolves links to symlinks and submodules of the tree without following them', async () => {
    const readme = '# S\n\n[link](current) [module](vendor/lib) [inside module](vendor/lib/x.md)\n';
    const result = await withRepo(
      { 'README.md': readme, 'v1/a.txt': 'a' },
      (snapshot) => analyzeReadme(snapshot),
      (repo) => {
        repo.symlink('v1', 'current');
        repo.git('add', '-A');
        repo.git('update-index', '--add', '--cacheinfo', `160000,${'b'.repeat(40)},vendor/lib`);
      },
    );
    expect(brokenTargets(result)).toEqual(['file:missing:vendor/lib/x.md']);
  });
});
