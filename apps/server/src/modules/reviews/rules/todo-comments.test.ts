import { describe, expect, it } from 'vitest';
import { addedFile, findingsOf, modifiedFile } from './test-kit.js';

describe('code.todo', () => {
  it('finds new TODO, FIXME and HACK comments in code', () => {
    const files = [
      modifiedFile(
        'src/auth/session.ts',
        [
          '@@ -4,3 +4,5 @@ export function startSession(user: User) {',
          '   const id = randomUUID();',
          '+  // TODO: expire sessions after 30 days of inactivity',
          '+  const ttl = 30 * DAY; /* FIXME use config */',
          '   return store.set(id, user.id);',
        ].join('\n'),
      ),
      addedFile(
        'app/jobs/sync.py',
        'def sync():\n    # HACK: GitHub paginates differently here\n    pass',
      ),
    ];
    expect(findingsOf('code.todo', files).map((f) => `${f.file}:${f.line}:${f.title}`)).toEqual([
      'src/auth/session.ts:5:New TODO comment',
      'src/auth/session.ts:6:New FIXME comment',
      'app/jobs/sync.py:2:New HACK comment',
    ]);
  });

  it('does not report identifiers, lower-case words, prose files or removed TODOs', () => {
    const files = [
      addedFile('src/todo/list.ts', 'const todoItems = [];\n// the todo list keeps its order'),
      addedFile('docs/ROADMAP.md', '- TODO: dark mode'),
      modifiedFile('src/app.ts', '@@ -1,2 +1,1 @@\n-// TODO remove\n const app = 1;'),
    ];
    expect(findingsOf('code.todo', files)).toEqual([]);
  });
});
