import { describe, expect, it } from 'vitest';
import { dependenciesChanged } from './dependency-changes.js';
import { findingsOf, modifiedFile } from './test-kit.js';

const packageJsonDependency = modifiedFile(
  'package.json',
  [
    '@@ -18,7 +18,8 @@',
    '   "dependencies": {',
    '     "express": "^4.19.2",',
    '-    "helmet": "^7.1.0"',
    '+    "helmet": "^7.1.0",',
    '+    "express-rate-limit": "^7.4.0"',
    '   },',
    '   "devDependencies": {',
    '     "vitest": "^2.0.0"',
  ].join('\n'),
);

const packageJsonScripts = modifiedFile(
  'package.json',
  [
    '@@ -1,9 +1,9 @@',
    ' {',
    '   "name": "rota-api",',
    '-  "version": "1.4.0",',
    '+  "version": "1.5.0",',
    '   "scripts": {',
    '-    "test": "vitest run"',
    '+    "test": "vitest run --coverage"',
    '   },',
    '   "engines": {',
    '     "node": ">=20"',
  ].join('\n'),
);

const lockfile = modifiedFile(
  'package-lock.json',
  '@@ -1,3 +1,3 @@\n {\n-  "version": "1.4.0",\n+  "version": "1.5.0",',
);

describe('deps.manifest-without-lockfile', () => {
  it('reports a dependency added to package.json with no lockfile change', () => {
    expect(findingsOf('deps.manifest-without-lockfile', [packageJsonDependency])).toMatchObject([
      { file: 'package.json', severity: 'medium', category: 'dependencies' },
    ]);
  });

  it('is satisfied by a root lockfile for a workspace package', () => {
    const workspace = { ...packageJsonDependency, filename: 'packages/api/package.json' };
    expect(findingsOf('deps.manifest-without-lockfile', [workspace, lockfile])).toEqual([]);
  });

  it('does not report a version or scripts change', () => {
    expect(findingsOf('deps.manifest-without-lockfile', [packageJsonScripts])).toEqual([]);
  });

  it('reads Cargo, go.mod, Gemfile and pyproject dependency changes, not their metadata', () => {
    const cargo =
      '@@ -6,4 +6,5 @@ edition = "2021"\n \n [dependencies]\n serde = "1"\n+tokio = { version = "1", features = ["full"] }';
    const cargoVersion =
      '@@ -1,4 +1,4 @@\n [package]\n name = "rota"\n-version = "0.1.0"\n+version = "0.2.0"';
    const goMod =
      '@@ -5,4 +5,5 @@ go 1.22\n require (\n \tgithub.com/go-chi/chi/v5 v5.0.12\n+\tgithub.com/redis/go-redis/v9 v9.5.1\n )';
    const goVersion = '@@ -1,3 +1,3 @@\n module github.com/rota/api\n \n-go 1.21\n+go 1.22';
    const gemfile =
      "@@ -3,3 +3,4 @@ source 'https://rubygems.org'\n gem 'rails', '~> 7.1'\n gem 'pg'\n+gem 'sidekiq', '~> 7.2'";
    const pyproject =
      '@@ -5,6 +5,7 @@ requires-python = ">=3.11"\n dependencies = [\n     "fastapi>=0.110",\n+    "httpx>=0.27",\n ]';
    const pyVersion =
      '@@ -1,4 +1,4 @@\n [project]\n name = "rota"\n-version = "0.1.0"\n+version = "0.2.0"';
    expect(dependenciesChanged('Cargo.toml', cargo)).toBe(true);
    expect(dependenciesChanged('Cargo.toml', cargoVersion)).toBe(false);
    // No table header in the hunk: the line's own shape decides.
    const cargoBare =
      '@@ -12,2 +12,3 @@\n serde = "1"\n+regex = "1.10"\n+documentation = "https://docs.rs/rota"';
    expect(dependenciesChanged('Cargo.toml', cargoBare)).toBe(true);
    const cargoMetadata =
      '@@ -4,2 +4,3 @@\n license = "MIT"\n+documentation = "https://docs.rs/rota"\n+edition = "2024"';
    expect(dependenciesChanged('Cargo.toml', cargoMetadata)).toBe(false);
    expect(dependenciesChanged('go.mod', goMod)).toBe(true);
    expect(dependenciesChanged('go.mod', goVersion)).toBe(false);
    expect(dependenciesChanged('Gemfile', gemfile)).toBe(true);
    expect(dependenciesChanged('pyproject.toml', pyproject)).toBe(true);
    expect(dependenciesChanged('pyproject.toml', pyVersion)).toBe(false);
    expect(dependenciesChanged('package.json', undefined)).toBe('unknown');
    expect(
      findingsOf('deps.manifest-without-lockfile', [modifiedFile('services/api/go.mod', goMod)]),
    ).toHaveLength(1);
    expect(
      findingsOf('deps.manifest-without-lockfile', [
        modifiedFile('services/api/go.mod', goMod),
        modifiedFile('services/api/go.sum', '@@ -1 +1,2 @@\n a\n+b'),
      ]),
    ).toEqual([]);
  });
});

describe('deps.lockfile-only', () => {
  it('notes a lockfile that changed alone', () => {
    expect(findingsOf('deps.lockfile-only', [lockfile])).toMatchObject([
      { file: 'package-lock.json', severity: 'info' },
    ]);
  });

  it('says nothing when the manifest changed too', () => {
    expect(findingsOf('deps.lockfile-only', [packageJsonDependency, lockfile])).toEqual([]);
  });
});
