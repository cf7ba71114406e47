import { isTestFile } from './paths.js';
import { findTokens } from './secret-tokens.js';
import { evidenceLine, redactSecret, shannonEntropy } from './text.js';
import type { ReviewRule, RuleHit } from './types.js';

/**
 * A credential-named key assigned a quoted literal: `DB_PASSWORD = "…"`, `apiKey: '…'`,
 * `"client_secret": "…"`. Placeholders and references (`changeme`, `<your-token>`, `${VAR}`,
 * `process.env.X`) are not secrets; neither are low-entropy words. Test files are left out: their
 * fixtures are fake on purpose, and a provider token there is still caught by the token rule.
 */

const ASSIGNMENT =
  /([A-Za-z0-9_.-]*(?:password|passwd|pwd|secret|token|api[_-]?key|access[_-]?key|private[_-]?key|auth[_-]?key)[A-Za-z0-9_.-]*)["']?\s*(?::=|=>|==?|:)\s*(["'`])([^"'`]*)\2/gi;

const PLACEHOLDER =
  /^(?:x+|\*+|\.+|-+|changeme|change[_-]?me|password|secret|token|example|sample|dummy|test|testing|redacted|todo|none|null|undefined|placeholder|your[_-].*|my[_-].*|.*[_-]here)$/i;
/** Values that say they are not real: fixture accounts, demos, local defaults. */
const FIXTURE_WORD = /example|sample|dummy|fake|test|bench|demo|placeholder|changeme|mock|local/i;
const REFERENCE = /\$\{|\{\{|<[^>]+>|%\(|process\.env|os\.environ|ENV\[|getenv|^\$[A-Z_]/;
const MIN_LENGTH = 8;
/** Bits per character; English identifiers sit near 3, random secrets near 4 and above. */
const MIN_ENTROPY = 3.2;

export function credentialValue(key: string, value: string): boolean {
  if (value.length < MIN_LENGTH || /\s/.test(value)) return false;
  if (PLACEHOLDER.test(value) || REFERENCE.test(value) || FIXTURE_WORD.test(value)) return false;
  if (/^https?:\/\//.test(value) || /^[./~]/.test(value)) return false;
  // `tokenType: 'Bearer'`, `passwordField: 'password_confirmation'`: identifiers, not secrets.
  // Error codes and constant names (`GITHUB_TOKEN_REVOKED`) likewise.
  if (/^[a-z_.:-]+$/.test(value) || /^[A-Z_.:-]+$/.test(value)) return false;
  if (value.toLowerCase() === key.toLowerCase()) return false;
  return shannonEntropy(value) >= MIN_ENTROPY;
}

export const genericCredentialRule: ReviewRule = {
  id: 'secret.generic-credential',
  severity: 'high',
  category: 'security',
  confidence: 0.7,
  description: 'A password, secret, token or API key is assigned a literal value.',
  check({ scanned }) {
    const hits: RuleHit[] = [];
    for (const file of scanned) {
      if (isTestFile(file.path)) continue;
      for (const { line, text } of file.added) {
        // The provider-token rule already reports these, with a sharper title.
        if (findTokens(text).length > 0) continue;
        for (const match of text.matchAll(ASSIGNMENT)) {
          const [, key, , value] = match as unknown as [string, string, string, string];
          if (!credentialValue(key, value)) continue;
          hits.push({
            file: file.path,
            line,
            title: `Hard-coded credential in \`${key}\``,
            message:
              `\`${key}\` is set to a literal (${redactSecret(value)}). If it is real, rotate it; ` +
              'read credentials from the environment or a secret store, never from source.',
            evidence: evidenceLine(text, [value]),
          });
          break;
        }
      }
    }
    return hits;
  },
};
