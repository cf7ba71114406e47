import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rulesFor } from './frameworks.js';
import { FRAMEWORK_RULES, type FrameworkRule } from './knowledge.js';

/**
 * The definition of a file match, as knowledge.ts states it: each name is a glob whose `*` stays
 * in one path segment; without a `/` it is tested on the file name, with one on the path's end.
 * Every name tried in turn, as the rules are declared.
 */
function reference(path: string): FrameworkRule[] {
  const found = new Set<FrameworkRule>();
  const fileName = path.slice(path.lastIndexOf('/') + 1);
  for (const rule of FRAMEWORK_RULES) {
    for (const name of (rule.match.file ?? '').split(/\s+/).filter(Boolean)) {
      const source = name
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*');
      const onPath = name.includes('/');
      if (new RegExp(`^${onPath ? '(?:.*/)?' : ''}${source}$`).test(onPath ? path : fileName))
        found.add(rule);
    }
  }
  return [...found];
}

const NAMES = FRAMEWORK_RULES.flatMap((rule) => (rule.match.file ?? '').split(/\s+/)).filter(
  Boolean,
);

// Paths made of the names the rules look for (globs filled in), near misses and other folders.
const segment = fc.oneof(
  fc
    .constantFrom(...NAMES)
    .chain((name) =>
      fc.constantFrom('', 'x', '.js', 'a/b').map((fill) => name.split('*').join(fill)),
    ),
  fc.constantFrom('src', 'docs', 'x.config.ts', '.github', 'workflows', 'package.json', 'a.json'),
);
const pathArbitrary = fc
  .array(segment, { minLength: 1, maxLength: 4 })
  .map((segments) => segments.join('/'));

describe('file evidence', () => {
  it('matches the rules the file globs of knowledge.ts name, in their order', () => {
    fc.assert(
      fc.property(pathArbitrary, (path) => {
        expect(rulesFor({ key: 'file', name: path })).toEqual(reference(path));
      }),
      { numRuns: 5000 },
    );
  });

  it('finds a plain name at any depth, a path at its end, a glob on the file name only', () => {
    const names = (path: string) => rulesFor({ key: 'file', name: path }).map((rule) => rule.name);
    expect(names('angular.json')).toContain('Angular');
    expect(names('apps/web/angular.json')).toContain('Angular');
    expect(names('apps/web/angular.json.bak')).not.toContain('Angular');
    expect(names('next.config.mjs')).toContain('Next.js');
    expect(names('next.config/x.js')).not.toContain('Next.js');
  });
});
