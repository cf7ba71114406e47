import { describe, expect, it } from 'vitest';
import { shannonEntropy } from './text.js';
import { addedFile, findingsOf, modifiedFile } from './test-kit.js';

// Fake secrets in the providers' exact formats, assembled at run time so that no secret scanner
// (Rota's own included) finds a token in this repository's source.
const FAKE = {
  aws: 'AK' + 'IA' + 'Q3RZ7W2X5Y4V6U7T',
  github: 'gh' + 'p_' + 'R0taFixture8kQ2wZ7xL9mN4pB6vC1yD3tE5',
  githubPat: 'github' + '_pat_' + '11ABCDEFG0' + 'R0taFixture'.repeat(6) + '123456',
  slack: 'xo' + 'xb-' + '2486173950-3917264058-' + 'kQ2wZ7xL9mN4pB6vC1yD3tE5',
  stripe: 'sk' + '_live_' + 'R0taFixture8kQ2wZ7xL9mN4',
  google: 'AI' + 'za' + 'SyR0taFixture8kQ2wZ7xL9mN4pB6vC1yD3',
  openai: 'sk' + '-proj-' + 'R0taFixture8kQ2wZ7xL9mN4pB6vC1yD3tE5gH0jK',
  anthropic: 'sk' + '-ant-api03-' + 'R0taFixture8kQ2wZ7xL9mN4pB6vC1yD3tE5gH0jK'.repeat(2),
  npm: 'np' + 'm_' + 'R0taFixture8kQ2wZ7xL9mN4pB6vC1yD3tE5',
  jwt:
    'ey' +
    'JhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.' +
    'ey' +
    'JzdWIiOiJyb3RhLWZpeHR1cmUiLCJpYXQiOjE3MDAwMDAwMDB9.' +
    'Qm9ndXNTaWduYXR1cmVGb3JSb3RhVGVzdHM4a1Eyd1o3',
};

describe('secret.provider-token', () => {
  it.each(Object.entries(FAKE))('finds a %s token on its added line, redacted', (_name, token) => {
    const file = modifiedFile(
      'src/config/clients.ts',
      [
        "@@ -3,6 +3,7 @@ import { Octokit } from '@octokit/rest';",
        ' ',
        ' export const clients = {',
        "   region: 'eu-west-1',",
        `+  key: '${token}',`,
        '   retries: 3,',
        ' };',
      ].join('\n'),
    );
    const findings = findingsOf('secret.provider-token', [file]);
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      file: 'src/config/clients.ts',
      line: 6,
      severity: 'critical',
    });
    expect(findings[0]!.evidence).toBe(`key: '${token.slice(0, 4)}…',`);
    // Never the whole secret anywhere in the finding.
    expect(JSON.stringify(findings)).not.toContain(token.slice(4));
  });

  it('does not report a token on a removed line, AWS documentation keys or word-like sk- ids', () => {
    const file = modifiedFile(
      'src/config/clients.ts',
      [
        '@@ -1,4 +1,4 @@',
        `-const key = '${FAKE.aws}';`,
        '+const key = process.env.AWS_ACCESS_KEY_ID;',
        `+// AWS docs use ${'AK' + 'IA'}IOSFODNN7EXAMPLE in examples`,
        "+const taskId = 'sk-ab-testing-experiment-variant-control-group';",
      ].join('\n'),
    );
    expect(findingsOf('secret.provider-token', [file])).toEqual([]);
  });

  it('leaves JWT fixtures in test files alone, but not other provider tokens there', () => {
    const spec = addedFile(
      'test/auth.test.js',
      `const session = '${FAKE.jwt}';\nconst key = '${FAKE.stripe}';`,
    );
    expect(findingsOf('secret.provider-token', [spec])).toMatchObject([
      { line: 2, title: 'Stripe live key in the diff' },
    ]);
  });

  it('needs entropy for loose patterns: a JWT made of one repeated character is not one', () => {
    const lowEntropyJwt =
      'ey' + 'J' + 'a'.repeat(20) + '.ey' + 'J' + 'a'.repeat(20) + '.' + 'a'.repeat(30);
    expect(shannonEntropy(lowEntropyJwt)).toBeLessThan(4.5);
    expect(
      findingsOf('secret.provider-token', [
        addedFile('docs/auth.ts', `const t = '${lowEntropyJwt}';`),
      ]),
    ).toEqual([]);
  });
});

describe('secret.private-key', () => {
  it('finds a private key block added to a config file', () => {
    const file = addedFile(
      'deploy/ssh/deploy_key',
      [
        '-----BEGIN ' + 'OPENSSH PRIVATE KEY-----',
        'b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ',
        '-----END ' + 'OPENSSH PRIVATE KEY-----',
      ].join('\n'),
    );
    const findings = findingsOf('secret.private-key', [file]);
    expect(findings).toMatchObject([
      { file: 'deploy/ssh/deploy_key', line: 1, severity: 'critical' },
    ]);
  });

  it('does not report a public key or a certificate', () => {
    const file = addedFile(
      'deploy/tls/ca.crt',
      [
        '-----BEGIN CERTIFICATE-----',
        'MIIBszCCAVmgAwIBAgIUQ',
        '-----END CERTIFICATE-----',
        '-----BEGIN PUBLIC KEY-----',
      ].join('\n'),
    );
    expect(findingsOf('secret.private-key', [file])).toEqual([]);
  });
});
