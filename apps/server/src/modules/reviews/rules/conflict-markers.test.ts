import { describe, expect, it } from 'vitest';
import { addedFile, findingsOf, modifiedFile } from './test-kit.js';

describe('diff.conflict-marker', () => {
  it('finds a conflict block committed into a route file, at its first marker', () => {
    const file = modifiedFile(
      'src/routes/users.js',
      [
        "@@ -12,7 +12,13 @@ router.get('/users/:id', async (req, res) => {",
        '   const user = await User.findById(req.params.id);',
        '   if (!user) return res.status(404).end();',
        '+<<<<<<< HEAD',
        '   res.json(user);',
        '+=======',
        '+  res.json(user.toPublicJSON());',
        '+>>>>>>> feature/public-user',
        ' });',
      ].join('\n'),
    );
    const findings = findingsOf('diff.conflict-marker', [file]);
    expect(findings).toMatchObject([
      { file: 'src/routes/users.js', line: 14, severity: 'high', evidence: '<<<<<<< HEAD' },
    ]);
    expect(findings[0]!.message).toContain('3 conflict marker');
  });

  it('does not report a Markdown setext heading or a long rule of = signs', () => {
    const file = addedFile(
      'docs/CHANGELOG.md',
      ['Release notes', '=======', '', 'Fixed the login redirect.', '=========='].join('\n'),
    );
    expect(findingsOf('diff.conflict-marker', [file])).toEqual([]);
  });
});
