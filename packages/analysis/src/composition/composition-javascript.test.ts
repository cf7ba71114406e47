import type { CompositionAnalysis } from '@rota/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FileStat } from '../snapshot/file-stat.js';
import type { RepoBuilder } from '../testing/repo-builder.js';
import {
  analyzeRepo,
  framework,
  frameworkNames,
  manifestAt,
  repoWith,
} from './testing/analyze-repo.js';

const json = (value: unknown) => JSON.stringify(value, null, 2);

describe('a JavaScript monorepo with workspaces', () => {
  let repo: RepoBuilder;
  let result: CompositionAnalysis;
  beforeAll(async () => {
    repo = repoWith({
      'package.json': json({
        name: 'acme',
        private: true,
        license: 'MIT',
        workspaces: ['apps/*', 'packages/**', '!packages/legacy'],
        devDependencies: {
          typescript: '~5.9.3',
          eslint: '^9.0.0',
          prettier: '^3.6.0',
          vitest: '^4.0.0',
        },
        engines: { node: '>=20' },
        packageManager: 'yarn@4.1.0+sha256.abc',
      }),
      'yarn.lock': '# yarn lockfile v1\n',
      'tsconfig.json': '{}',
      'apps/web/package.json': json({
        name: '@acme/web',
        dependencies: { react: '^19.0.0', next: '15.0.0', '@acme/ui': 'workspace:*' },
        devDependencies: { '@playwright/test': '^1.50.0', cypress: '^13.0.0' },
      }),
      'apps/web/index.html': '<!doctype html>',
      'apps/web/src/main.tsx': 'export {};\n',
      'apps/web/src/app.test.tsx': 'test();\n',
      'apps/api/package.json': json({
        name: '@acme/api',
        main: './dist/server.js',
        bin: { 'acme-api': 'bin/cli.js' },
        dependencies: {
          express: '^4.19.0',
          '@nestjs/core': '^10.0.0',
          prisma: '^5.0.0',
          mongoose: '^8.0.0',
        },
        devDependencies: {
          jest: '^29.0.0',
          typeorm: '0.3.0',
          sequelize: '^6.0.0',
          'drizzle-orm': '^0.30.0',
        },
      }),
      'apps/api/bin/cli.js': '#!/usr/bin/env node\n',
      'apps/api/src/__tests__/server.js': 'test();\n',
      'apps/api/src/server.spec.js': 'test();\n',
      'packages/ui/package.json': json({
        name: '@acme/ui',
        exports: {
          '.': { import: './src/index.js', types: './src/index.d.ts' },
          './button': './src/button.js',
        },
        peerDependencies: { vue: '^3.0.0', svelte: '^4.0.0', '@angular/core': '^17.0.0' },
        devDependencies: {
          vite: '^5.0.0',
          webpack: '^5.0.0',
          mocha: '^10.0.0',
          fastify: '^4.0.0',
          koa: '^2.0.0',
        },
      }),
      'packages/ui/src/index.js': 'export {};\n',
      'packages/nested/deep/package.json': json({ name: '@acme/deep' }),
      'packages/legacy/package.json': json({ name: '@acme/legacy' }),
      'node_modules/react/package.json': json({
        name: 'react',
        dependencies: { 'loose-envify': '1' },
      }),
      'eslint.config.js': 'export default [];\n',
    });
    result = await analyzeRepo(repo);
  });
  afterAll(() => repo.remove());

  it('reads each package.json, skipping node_modules', () => {
    expect(result.manifests.map((manifest) => manifest.path)).toEqual([
      'package.json',
      'apps/api/package.json',
      'apps/web/package.json',
      'packages/legacy/package.json',
      'packages/ui/package.json',
      'packages/nested/deep/package.json',
    ]);
    const root = manifestAt(result, 'package.json');
    expect(root).toMatchObject({
      kind: 'package-json',
      ecosystem: 'javascript',
      name: 'acme',
      license: 'MIT',
      dependencyCount: 4,
      workspaces: ['apps/*', 'packages/**', '!packages/legacy'],
      runtimes: [
        { name: 'node', version: '>=20' },
        { name: 'yarn', version: '4.1.0' },
      ],
      parseError: null,
    });
    expect(root.dependencies[0]).toEqual({ name: 'typescript', version: '~5.9.3', scope: 'dev' });
    expect(manifestAt(result, 'packages/ui/package.json').dependencies).toContainEqual({
      name: 'vue',
      version: '^3.0.0',
      scope: 'peer',
    });
  });

  it('resolves workspace globs against the tree, with exclusions and the lock file’s tool', () => {
    expect(result.workspaces).toEqual([
      {
        tool: 'yarn',
        manifest: 'package.json',
        patterns: ['apps/*', 'packages/**', '!packages/legacy'],
        members: [
          { path: 'apps/api', name: '@acme/api' },
          { path: 'apps/web', name: '@acme/web' },
          { path: 'packages/nested/deep', name: '@acme/deep' },
          { path: 'packages/ui', name: '@acme/ui' },
        ],
      },
    ]);
  });

  it('recognises frameworks and tools with evidence and declared versions', () => {
    expect(frameworkNames(result)).toEqual(
      expect.arrayContaining([
        'React',
        'Next.js',
        'Vue',
        'Angular',
        'Svelte',
        'Express',
        'Fastify',
        'NestJS',
        'Koa',
        'Vite',
        'Webpack',
        'Jest',
        'Vitest',
        'Mocha',
        'Playwright',
        'Cypress',
        'ESLint',
        'Prettier',
        'TypeScript',
        'Prisma',
        'Drizzle',
        'TypeORM',
        'Sequelize',
        'Mongoose',
        'Yarn',
      ]),
    );
    expect(framework(result, 'TypeScript')).toEqual({
      name: 'TypeScript',
      category: 'language',
      evidence: ['package.json', 'tsconfig.json'],
      version: '~5.9.3',
    });
    expect(framework(result, 'ESLint')?.evidence).toEqual(['eslint.config.js', 'package.json']);
    expect(framework(result, 'Next.js')).toMatchObject({
      category: 'web-framework',
      version: '15.0.0',
    });
    // Dependencies of installed packages are not this repository's.
    expect(frameworkNames(result)).not.toContain('loose-envify');
    expect(manifestAt(result, 'apps/web/package.json').frameworks).toEqual([
      'Cypress',
      'Next.js',
      'Playwright',
      'React',
    ]);
  });

  it('finds declared and conventional entry points', () => {
    expect(result.entryPoints).toEqual(
      expect.arrayContaining([
        {
          kind: 'package-main',
          path: 'apps/api/dist/server.js',
          declaredIn: 'apps/api/package.json',
          name: null,
          command: null,
          inTree: false,
        },
        {
          kind: 'package-bin',
          path: 'apps/api/bin/cli.js',
          declaredIn: 'apps/api/package.json',
          name: 'acme-api',
          command: null,
          inTree: true,
        },
        {
          kind: 'package-exports',
          path: 'packages/ui/src/index.js',
          declaredIn: 'packages/ui/package.json',
          name: '.',
          command: null,
          inTree: true,
        },
        expect.objectContaining({
          kind: 'package-exports',
          name: './button',
          path: 'packages/ui/src/button.js',
        }),
        expect.objectContaining({
          kind: 'source-main',
          path: 'apps/web/src/main.tsx',
          declaredIn: null,
        }),
        expect.objectContaining({ kind: 'html-index', path: 'apps/web/index.html' }),
      ]),
    );
  });

  it('counts test files but leaves the ratio uncomputed without line counts', () => {
    expect(result.tests).toEqual({
      files: 3,
      testCodeLines: null,
      codeLines: null,
      ratio: null,
      ratioUnavailable: 'no-line-counts',
      byLanguage: [{ language: 'JavaScript/TypeScript', files: 3, codeLines: null }],
      directories: ['apps/api/src', 'apps/api/src/__tests__', 'apps/web/src'],
    });
  });

  it('computes the test-to-code ratio from the structure analysis’s line counts', async () => {
    const stat = (
      path: string,
      code: number,
      category: FileStat['category'] = 'code',
    ): FileStat => ({
      path,
      size: 10,
      language: 'TypeScript',
      category,
      lines: code,
      code,
      comment: 0,
      blank: 0,
    });
    const withStats = await analyzeRepo(repo, [
      stat('apps/web/src/main.tsx', 100),
      stat('apps/web/src/app.test.tsx', 30),
      stat('apps/api/src/__tests__/server.js', 20),
      stat('apps/api/src/server.spec.js', 10),
      stat('apps/api/bin/cli.js', 60),
      stat('packages/ui/src/index.js', 40),
      // Generated and vendored files count on neither side.
      stat('eslint.config.js', 1000, 'generated'),
      stat('tsconfig.json', 5, 'data'),
    ]);
    expect(withStats.tests).toMatchObject({
      files: 3,
      testCodeLines: 60,
      codeLines: 200,
      ratio: 0.3,
      ratioUnavailable: null,
      byLanguage: [{ language: 'TypeScript', files: 3, codeLines: 60 }],
    });
  });
});
