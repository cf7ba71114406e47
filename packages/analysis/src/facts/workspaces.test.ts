import { describe, expect, it } from 'vitest';
import { analyzeComposition } from '../composition/analyze-composition.js';
import { createRepoIndex } from '../diagram/scan/repo-index.js';
import { withRepo } from '../diagram/test-support.js';
import { detectWorkspaces } from '../diagram/workspaces.js';

/**
 * The composition's workspace layouts and the diagram's workspace packages read one recogniser
 * (workspaces.ts). Each repository below goes through both; the diagram's packages of a declared
 * workspace are the composition's members of the same declaration. What only one of them does by
 * design is left out of the comparison: the diagram reads npm declarations at the root alone,
 * never makes the root a package, and adds every go.mod and .NET project; the composition reads
 * go.work and .NET solutions.
 */
const TOOLS = { npm: 'npm', yarn: 'npm', bun: 'npm', pnpm: 'npm', lerna: 'npm' } as const;

async function bothSides(files: Record<string, string>) {
  return withRepo(files, async (snapshot) => {
    const composition = await analyzeComposition(snapshot);
    const diagram = await detectWorkspaces(createRepoIndex(snapshot));
    const fromComposition = composition.workspaces
      .filter((layout) => !['go', 'dotnet'].includes(layout.tool))
      .filter((layout) => !(layout.tool in TOOLS) || !layout.manifest.includes('/'))
      .flatMap((layout) =>
        layout.members
          .filter((member) => member.path !== '')
          .map(
            (member) => `${TOOLS[layout.tool as keyof typeof TOOLS] ?? layout.tool} ${member.path}`,
          ),
      );
    const fromDiagram = diagram
      .filter((pkg) => !['go', 'dotnet'].includes(pkg.ecosystem))
      .map((pkg) => `${pkg.ecosystem} ${pkg.dir}`);
    return {
      composition: [...new Set(fromComposition)].sort(),
      diagram: [...new Set(fromDiagram)].sort(),
      packages: diagram,
    };
  });
}

const pkg = (name: string) => JSON.stringify({ name });

/** Each repository with the members both sides find (`<ecosystem> <folder>`). */
const CASES: Array<[string, Record<string, string>, string[]]> = [
  [
    'package.json workspaces with an exclusion',
    {
      'package.json': JSON.stringify({ workspaces: ['apps/*', 'packages/**', '!packages/old'] }),
      'apps/web/package.json': pkg('web'),
      'apps/notes/readme.md': '# not a package\n',
      'packages/ui/package.json': pkg('ui'),
      'packages/ui/icons/package.json': pkg('icons'),
      'packages/old/package.json': pkg('old'),
      'packages/ui/node_modules/dep/package.json': pkg('dep'),
    },
    ['npm apps/web', 'npm packages/ui', 'npm packages/ui/icons'],
  ],
  [
    'lerna.json without packages (lerna reads packages/*)',
    {
      'lerna.json': JSON.stringify({ version: '1.0.0' }),
      'packages/a/package.json': pkg('a'),
    },
    ['npm packages/a'],
  ],
  [
    'pnpm-workspace.yml',
    { 'pnpm-workspace.yml': 'packages:\n  - "libs/*"\n', 'libs/a/package.json': pkg('a') },
    ['npm libs/a'],
  ],
  [
    'an exclusion in package.json and an inclusion in pnpm-workspace.yaml',
    {
      'package.json': JSON.stringify({ workspaces: ['!libs/b'] }),
      'pnpm-workspace.yaml': 'packages:\n  - "libs/*"\n',
      'libs/a/package.json': pkg('a'),
      'libs/b/package.json': pkg('b'),
    },
    ['npm libs/a', 'npm libs/b'],
  ],
  [
    'a package.json with a comment',
    {
      'package.json': '{\n  // the apps\n  "workspaces": ["apps/*"]\n}\n',
      'apps/web/package.json': pkg('web'),
    },
    [],
  ],
  [
    'a Cargo workspace in a folder, with "." and ".." members',
    {
      'rust/Cargo.toml':
        '[workspace]\nmembers = [".", "crates/*", "../tools/gen"]\nexclude = ["crates/skip"]\n[package]\nname = "top"\n',
      'rust/crates/a/Cargo.toml': '[package]\nname = "a"\n',
      'rust/crates/skip/Cargo.toml': '[package]\nname = "skip"\n',
      'tools/gen/Cargo.toml': '[package]\nname = "gen"\n',
    },
    ['cargo rust', 'cargo rust/crates/a', 'cargo tools/gen'],
  ],
  [
    'Maven modules: a folder, a pom path, a profile, a comment',
    {
      'pom.xml': [
        '<project><artifactId>root</artifactId>',
        '<modules><module>core</module><module>api/pom.xml</module>',
        '<!-- <module>old</module> --></modules>',
        '<profiles><profile><modules><module>extra</module></modules></profile></profiles>',
        '</project>',
      ].join('\n'),
      'core/pom.xml': '<project><artifactId>core</artifactId></project>',
      'api/pom.xml': '<project><artifactId>api</artifactId></project>',
      'old/pom.xml': '<project><artifactId>old</artifactId></project>',
      'extra/pom.xml': '<project><artifactId>extra</artifactId></project>',
    },
    ['maven api', 'maven core'],
  ],
  [
    'Maven modules only in a profile',
    {
      'pom.xml': [
        '<project><artifactId>root</artifactId>',
        '<profiles><profile><modules><module>extra</module></modules></profile></profiles>',
        '</project>',
      ].join('\n'),
      'extra/pom.xml': '<project><artifactId>extra</artifactId></project>',
    },
    [],
  ],
  [
    'Gradle includes: one per line, several, multi-line, commented out',
    {
      'settings.gradle.kts': [
        'rootProject.name = "shop"',
        'include(":app")',
        'include("lib:ui", "lib:data")',
        'include(',
        '    ":tools"',
        ')',
        '// include(":gone")',
        '/*',
        'include(":hidden")',
        '*/',
      ].join('\n'),
      'app/build.gradle.kts': 'plugins { }\n',
      'lib/ui/src/main/kotlin/Ui.kt': 'class Ui\n',
      'lib/data/build.gradle.kts': 'plugins { }\n',
      'tools/build.gradle.kts': 'plugins { }\n',
      'gone/build.gradle.kts': 'plugins { }\n',
      'hidden/build.gradle.kts': 'plugins { }\n',
    },
    ['gradle app', 'gradle lib/data', 'gradle lib/ui', 'gradle tools'],
  ],
];

describe('declared workspaces: the composition and the diagram read one recogniser', () => {
  it.each(CASES)('%s', async (_label, files, members) => {
    const { composition, diagram } = await bothSides(files);
    expect(composition).toEqual(members);
    expect(diagram).toEqual(members);
  });

  it('names a Gradle project by its path from the settings, as Gradle does', async () => {
    const { packages } = await bothSides({
      'android/settings.gradle': "include 'app', ':lib:ui'\n",
      'android/app/build.gradle': 'plugins { }\n',
      'android/lib/ui/Ui.kt': 'class Ui\n',
    });
    expect(packages).toEqual([
      {
        dir: 'android/app',
        name: ':app',
        ecosystem: 'gradle',
        manifest: 'android/app/build.gradle',
      },
      {
        dir: 'android/lib/ui',
        name: ':lib:ui',
        ecosystem: 'gradle',
        manifest: 'android/settings.gradle',
      },
    ]);
  });
});
