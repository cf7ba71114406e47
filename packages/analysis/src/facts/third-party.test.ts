import { describe, expect, it } from 'vitest';
import { isThirdPartyPath, thirdPartyKind } from './third-party.js';

describe('third-party paths by kind', () => {
  it.each([
    ['node_modules/react/index.js', 'dependency'],
    ['web/Vendor/jquery.js', 'dependency'],
    ['ios/Pods/Alamofire/Source/AF.swift', 'dependency'],
    ['.venv/lib/python3.12/site.py', 'dependency'],
    ['dist/vendor/lib.js', 'dependency'],
    ['test/fixtures/node_modules/a/index.js', 'dependency'],
    ['vendor/jquery.min.js', 'dependency'],
    ['dist/app.js', 'build'],
    ['packages/web/.next/server/page.js', 'build'],
    ['public/js/app.min.js', 'minified'],
    ['static/jquery-3.7.1-min.js', 'minified'],
    ['test/fixtures/app.min.js', 'minified'],
    ['test/fixtures/sample/package.json', 'fixture'],
    ['pkg/parser/testdata/input.go', 'fixture'],
    ['src/index.ts', null],
    ['distribution/notes.md', null],
    ['README.md', null],
  ] as const)('%s is %s', (path, kind) => {
    expect(thirdPartyKind(path)).toBe(kind);
    expect(isThirdPartyPath(path)).toBe(kind !== null);
  });
});
