import { isTestFile } from './paths.js';
import { evidenceLine, redactSecret, shannonEntropy } from './text.js';
import type { ReviewRule, RuleHit } from './types.js';

/**
 * Provider tokens and private keys in added lines. Patterns follow gitleaks' rules: exact formats
 * (fixed prefix and length) match alone; loose ones also need a random-looking body (Shannon
 * entropy), so `sk-my-test-key-here` or a JWT in docs made of words is not a finding.
 */

interface TokenPattern {
  name: string;
  pattern: RegExp;
  /** Minimum entropy of the whole match, for patterns that plain words could also match. */
  minEntropy?: number;
  /** Not reported in test files, where such values are fixtures by convention. */
  fixtureInTests?: boolean;
}

export const TOKEN_PATTERNS: TokenPattern[] = [
  { name: 'AWS access key id', pattern: /\b(?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16}\b/g },
  { name: 'GitHub token', pattern: /\bgh[pousr]_[A-Za-z0-9]{36,255}\b/g },
  { name: 'GitHub fine-grained token', pattern: /\bgithub_pat_[A-Za-z0-9_]{82}\b/g },
  { name: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, minEntropy: 3.5 },
  { name: 'Stripe live key', pattern: /\b(?:sk|rk)_live_[A-Za-z0-9]{24,99}\b/g },
  { name: 'Google API key', pattern: /\bAIza[A-Za-z0-9_-]{35}\b/g },
  { name: 'Anthropic API key', pattern: /\bsk-ant-[a-z]+\d*-[A-Za-z0-9_-]{80,}/g },
  {
    name: 'OpenAI-style API key',
    pattern: /\bsk-(?!ant-)(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{32,}/g,
    minEntropy: 4,
  },
  { name: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g },
  {
    name: 'JSON Web Token',
    pattern: /\beyJ[A-Za-z0-9_-]{15,}\.eyJ[A-Za-z0-9_-]{15,}\.[A-Za-z0-9_-]{20,}/g,
    minEntropy: 4.5,
    // Auth tests sign and decode sample tokens (jwt.io's among them); a JWT is a credential only
    // while it is valid, and one in a test is almost never a live session.
    fixtureInTests: true,
  },
];

/** AWS's documentation keys end in EXAMPLE; gitleaks allows them too. */
const DOCUMENTED_EXAMPLE = /EXAMPLE/;

export function findTokens(
  text: string,
  where: { inTest: boolean } = { inTest: false },
): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [];
  for (const { name, pattern, minEntropy, fixtureInTests } of TOKEN_PATTERNS) {
    if (fixtureInTests && where.inTest) continue;
    for (const match of text.matchAll(pattern)) {
      const value = match[0];
      if (DOCUMENTED_EXAMPLE.test(value)) continue;
      if (minEntropy !== undefined && shannonEntropy(value) < minEntropy) continue;
      if (found.some((other) => other.value.includes(value) || value.includes(other.value)))
        continue;
      found.push({ name, value });
    }
  }
  return found;
}

export const providerTokenRule: ReviewRule = {
  id: 'secret.provider-token',
  severity: 'critical',
  category: 'security',
  confidence: 0.95,
  description:
    'A provider token (AWS, GitHub, Slack, Stripe, Google, OpenAI, Anthropic, npm, JWT) is added.',
  check({ scanned }) {
    const hits: RuleHit[] = [];
    for (const file of scanned) {
      for (const { line, text } of file.added) {
        const tokens = findTokens(text, { inTest: isTestFile(file.path) });
        if (tokens.length === 0) continue;
        hits.push({
          file: file.path,
          line,
          title: `${tokens[0]!.name} in the diff`,
          message:
            `This line adds what looks like a ${tokens[0]!.name} (${redactSecret(tokens[0]!.value)}). ` +
            'Revoke it at the provider now (it is in the branch history already), remove it, and ' +
            'read it from the environment or a secret store instead.',
          evidence: evidenceLine(
            text,
            tokens.map((token) => token.value),
          ),
        });
      }
    }
    return hits;
  },
};

const PRIVATE_KEY =
  /-----BEGIN ((?:RSA |DSA |EC |OPENSSH |ENCRYPTED |PGP )?PRIVATE KEY(?: BLOCK)?)-----/;

export const privateKeyRule: ReviewRule = {
  id: 'secret.private-key',
  severity: 'critical',
  category: 'security',
  confidence: 0.95,
  description: 'A private key block (-----BEGIN … PRIVATE KEY-----) is added.',
  check({ scanned }) {
    const hits: RuleHit[] = [];
    for (const file of scanned) {
      for (const { line, text } of file.added) {
        const match = PRIVATE_KEY.exec(text);
        if (!match) continue;
        hits.push({
          file: file.path,
          line,
          title: 'Private key in the diff',
          message:
            `This adds a ${match[1]}. Treat the key as leaked: replace it, remove it from the ` +
            'repository, and load keys from a secret store at run time.',
          evidence: evidenceLine(text),
        });
      }
    }
    return hits;
  },
};
