import { baseName } from './paths.js';
import type { DiffEntry, ReviewRule, RuleHit } from './types.js';
import { addedLines } from './hunks.js';

/**
 * Files that hold secrets by their nature: environment files, SSH and TLS private keys, keystores,
 * cloud credentials. Templates (`.env.example`) are how projects document variables and are fine;
 * `.npmrc` and `.pypirc` are ordinary config unless they carry a token.
 */

const ENV_FILE = /^\.env(\..+)?$/;
const ENV_TEMPLATE = /\.(example|sample|template|dist|defaults|schema)$/;
const KEY_FILE = /^id_(rsa|dsa|ecdsa|ed25519)$/;
const KEY_EXTENSION = /\.(pem|key|p12|pfx|jks|keystore)$/i;
const CREDENTIAL_NAMES = new Set(['credentials.json', 'client_secret.json', '.htpasswd', '.netrc']);
const PACKAGE_RC = new Set(['.npmrc', '.pypirc']);
const RC_TOKEN = /(_authToken|_auth|_password|password)\s*[=:]\s*\S/;

function becameSensitive(entry: DiffEntry): string | null {
  const name = baseName(entry.filename);
  const added = addedLines(entry.patch);
  if (PACKAGE_RC.has(name)) {
    const withToken = added.find((line) => RC_TOKEN.test(line.text) && !/\$\{/.test(line.text));
    return withToken ? `${name} with a registry credential` : null;
  }
  // Only files this pull request brings in; editing an already tracked one is its own story.
  if (entry.status !== 'added' && entry.status !== 'renamed' && entry.status !== 'copied') {
    return null;
  }
  if (ENV_FILE.test(name)) return ENV_TEMPLATE.test(name) ? null : 'an environment file';
  if (KEY_FILE.test(name)) return 'an SSH private key';
  if (CREDENTIAL_NAMES.has(name)) return 'a credentials file';
  if (KEY_EXTENSION.test(name)) {
    // A .pem holding only certificates is public material.
    const certificateOnly =
      added.some((line) => line.text.includes('BEGIN CERTIFICATE')) &&
      !added.some((line) => line.text.includes('PRIVATE KEY'));
    return certificateOnly ? null : 'a key or keystore file';
  }
  return null;
}

export const sensitiveFileRule: ReviewRule = {
  id: 'file.sensitive',
  severity: 'high',
  category: 'security',
  confidence: 0.85,
  description:
    'A file that holds secrets by nature (.env, private keys, keystores, credentials) is added.',
  check({ all }) {
    const hits: RuleHit[] = [];
    for (const entry of all) {
      if (entry.status === 'removed') continue;
      const what = becameSensitive(entry);
      if (!what) continue;
      hits.push({
        file: entry.filename,
        line: null,
        title: `Sensitive file added: ${baseName(entry.filename)}`,
        message:
          `This adds ${what} to the repository. Remove it, add it to .gitignore, rotate what it ` +
          'held, and commit a template (for example .env.example) instead.',
      });
    }
    return hits;
  },
};
