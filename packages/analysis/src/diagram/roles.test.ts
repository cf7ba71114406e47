import { describe, expect, it } from 'vitest';
import { FRAMEWORK_RULES } from './externals/rules.js';
import { componentRole } from './roles.js';

const role = (path: string, files: string[] = [], frameworks: string[] = []) =>
  componentRole({
    path,
    files,
    frameworks: FRAMEWORK_RULES.filter((f) => frameworks.includes(f.id)),
  });

describe('componentRole', () => {
  it('reads the deepest telling folder name first', () => {
    expect(role('apps/web/src/api')).toBe('api');
    expect(role('apps/web')).toBe('web-ui');
    expect(role('server/db/migrations')).toBe('data');
    expect(role('packages/api-e2e')).toBe('tests');
    expect(role('deploy/helm')).toBe('infra');
    expect(role('.ci')).toBe('infra');
    expect(role('cmd/server')).toBe('entry-point');
    expect(role('docs/site')).toBe('docs');
    expect(role('tests/api')).toBe('tests');
    expect(role('scripts')).toBe('tooling');
    // git's wrappers that run the built binaries for its tests are no entry point.
    expect(role('bin-wrappers', ['bin-wrappers/git', 'bin-wrappers/wrap-for-bin.sh'])).toBe(
      'tooling',
    );
    expect(role('bin')).toBe('entry-point');
  });

  it('falls back to what the files are and which frameworks they use', () => {
    expect(role('core', ['core/a.test.ts', 'core/b.spec.ts'])).toBe('tests');
    expect(role('x', ['x/001.sql', 'x/002.sql', 'x/seed.py'])).toBe('data');
    expect(role('', ['eslint.config.js', 'vite.config.ts'])).toBe('tooling');
    expect(role('shop', ['shop/app.py'], ['flask'])).toBe('api');
    expect(role('frontend-kit', ['frontend-kit/a.ts'])).toBe('web-ui');
    expect(role('app', ['app/App.tsx', 'app/index.ts'], ['react'])).toBe('web-ui');
    expect(role('svc', ['svc/main.go'])).toBe('entry-point');
    expect(role('core', ['core/util.ts'])).toBe('library');
  });
});
