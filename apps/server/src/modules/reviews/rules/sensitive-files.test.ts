import { describe, expect, it } from 'vitest';
import { addedFile, findingsOf, modifiedFile } from './test-kit.js';

describe('file.sensitive', () => {
  it('finds an added .env, an SSH key, a .p12 and a credentials.json', () => {
    const files = [
      addedFile('.env', 'DATABASE_URL=postgres://rota:rota@localhost:5432/rota\nPORT=3000'),
      addedFile('deploy/id_rsa', 'not shown'),
      { ...addedFile('certs/signing.p12', 'x'), patch: undefined, additions: 0, changes: 0 },
      addedFile('infra/gcp/credentials.json', '{ "type": "service_account" }'),
    ];
    expect(findingsOf('file.sensitive', files).map((finding) => finding.file)).toEqual([
      '.env',
      'deploy/id_rsa',
      'certs/signing.p12',
      'infra/gcp/credentials.json',
    ]);
  });

  it('finds an .npmrc that carries a registry token', () => {
    const file = modifiedFile(
      '.npmrc',
      [
        '@@ -1,1 +1,2 @@',
        ' registry=https://registry.npmjs.org/',
        '+//registry.npmjs.org/:_authToken=' + 'R0taFixture',
      ].join('\n'),
    );
    expect(findingsOf('file.sensitive', [file])).toMatchObject([
      { file: '.npmrc', severity: 'high' },
    ]);
  });

  it('does not report templates, public keys, certificates, tokens read from env, or edits', () => {
    const files = [
      addedFile('.env.example', 'DATABASE_URL=\nPORT=3000'),
      addedFile('deploy/id_rsa.pub', 'ssh-ed25519 AAAAC3Nza rota@ci'),
      addedFile('certs/ca.pem', '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----'),
      addedFile('.npmrc', '//registry.npmjs.org/:_authToken=${NPM_TOKEN}'),
      modifiedFile('.env.test', '@@ -1 +1 @@\n-PORT=3000\n+PORT=3001'),
    ];
    expect(findingsOf('file.sensitive', files)).toEqual([]);
  });
});
