import { describe, expect, it } from 'vitest';
import { addedFile, findingsOf, modifiedFile } from './test-kit.js';

const password = 'Pg' + 'R0ta-9xQ2!wZ7';

describe('secret.generic-credential', () => {
  it('finds a password literal in a database config, redacted', () => {
    const file = modifiedFile(
      'config/database.js',
      [
        '@@ -1,8 +1,8 @@',
        ' module.exports = {',
        '   production: {',
        "     host: 'db.internal',",
        "     username: 'rota',",
        '-    password: process.env.DB_PASSWORD,',
        `+    password: '${password}',`,
        "     database: 'rota_production',",
        '   },',
        ' };',
      ].join('\n'),
    );
    const findings = findingsOf('secret.generic-credential', [file]);
    expect(findings).toMatchObject([{ file: 'config/database.js', line: 5, severity: 'high' }]);
    expect(findings[0]!.evidence).toBe("password: 'PgR0…',");
    expect(JSON.stringify(findings)).not.toContain(password);
  });

  it('finds an API key in a Python settings module', () => {
    const file = addedFile(
      'app/settings.py',
      `STRIPE_API_KEY = "${'k9' + 'Qz3Lm8Wx2Rt7Yv'}"\nDEBUG = False`,
    );
    expect(findingsOf('secret.generic-credential', [file])).toMatchObject([{ line: 1 }]);
  });

  it('does not report placeholders, references, identifiers, prose or test fixtures', () => {
    const file = addedFile(
      'src/config.ts',
      [
        "const password = 'changeme';",
        "const apiKey = '<your-api-key>';",
        'const token = `${process.env.GITHUB_TOKEN}`;',
        "const secret = '${JWT_SECRET}';",
        "const DB_PASSWORD = 'xxxxxxxxxx';",
        "const tokenType = 'Bearer';",
        "const passwordField = 'password_confirmation';",
        "const passwordHint = 'Use at least 12 characters';",
        "const tokenUrl = 'https://github.com/login/oauth/access_token';",
        "  githubTokenRevoked: 'GITHUB_TOKEN_REVOKED',",
        "  JWT_SECRET: 'bench-secret-that-is-long-enough-for-hs256-signing',",
      ].join('\n'),
    );
    const fixture = addedFile('src/auth/login.test.ts', `const password = '${password}';`);
    expect(findingsOf('secret.generic-credential', [file, fixture])).toEqual([]);
  });
});
