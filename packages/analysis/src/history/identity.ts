/**
 * Who an author is. git has already applied the repository's .mailmap (%aN/%aE); on top of that
 * one identity is one e-mail address, compared case-insensitively, with GitHub's no-reply form
 * `12345+login@users.noreply.github.com` folded into `login@users.noreply.github.com` (GitHub
 * switched formats in 2017, so long-time contributors appear under both). Names are NOT merged:
 * two people may share a name, and .mailmap is the tool for that.
 */
const GITHUB_NOREPLY = /^(?:\d+\+)?([^@]+)@users\.noreply\.github\.com$/;

export function identityKey(name: string, email: string): string {
  const address = email.trim().toLowerCase();
  if (!address) return `name:${name.trim().toLowerCase()}`;
  const noreply = GITHUB_NOREPLY.exec(address);
  return noreply ? `${noreply[1]}@users.noreply.github.com` : address;
}

/** The e-mail shown for an identity: its key, unless the key had to fall back to the name. */
export function identityEmail(key: string): string {
  return key.startsWith('name:') ? '' : key;
}

/**
 * Automation accounts, by login (from the name, the e-mail's local part, or a GitHub no-reply
 * address). Matched after removing a trailing "[bot]".
 */
export const KNOWN_BOT_LOGINS: readonly string[] = [
  'dependabot',
  'dependabot-preview',
  'renovate',
  'renovate-bot',
  'renovatebot',
  'github-actions',
  'greenkeeper',
  'greenkeeperio-bot',
  'snyk-bot',
  'mergify',
  'imgbot',
  'imgbotapp',
  'pre-commit-ci',
  'allcontributors',
  'all-contributors',
  'semantic-release-bot',
  'codecov',
  'codecov-io',
  'pyup-bot',
  'deepsource-autofix',
  'depfu',
  'gitter-badger',
  'whitesource-bolt-for-github',
  'mend-bolt-for-github',
  'weblate',
  'transifex-integration',
  'crowdin-bot',
  'restyled-io',
  'k8s-ci-robot',
  'copilot-swe-agent',
];
const KNOWN_BOTS = new Set(KNOWN_BOT_LOGINS);

/**
 * AI coding agents, by exact login (lower case, "[bot]" included where GitHub shows it): the
 * accounts that open pull requests on a person's behalf. Some are also bots (GitHub App accounts,
 * or listed above); where both apply, the agent kind wins (docs/metrics.md "Which pull requests,
 * which people").
 */
export const KNOWN_AGENT_LOGINS: readonly string[] = [
  'copilot',
  'copilot-swe-agent',
  'copilot-swe-agent[bot]',
  'devin-ai-integration[bot]',
  'chatgpt-codex-connector[bot]',
  'cursor[bot]',
  'google-labs-jules[bot]',
  'claude[bot]',
  'openhands-agent',
  'sweep-ai[bot]',
];
const KNOWN_AGENTS = new Set(KNOWN_AGENT_LOGINS);

/**
 * AI coding agents as they sign commits they helped write: the `Co-authored-by: Name <e-mail>`
 * trailer each one adds (docs/metrics.md "Which pull requests, which people"). A co-author is
 * that agent when its e-mail is one of `emails`, its GitHub no-reply address names one of the
 * agent logins above, or its name (before any "(model)" note, e.g. "aider (gpt-4o)") is one of
 * `names`. Names are matched whole and
 * leave out first names people carry too (a "Claude" or "Devin" counts by e-mail only).
 */
export const KNOWN_AGENT_COAUTHORS: ReadonlyArray<{
  agent: string;
  names: readonly string[];
  emails: readonly string[];
}> = [
  { agent: 'Claude', names: ['claude code'], emails: ['noreply@anthropic.com'] },
  { agent: 'Copilot', names: ['copilot', 'github copilot', 'copilot-swe-agent[bot]'], emails: [] },
  {
    agent: 'Cursor Agent',
    names: ['cursor agent', 'cursoragent', 'cursor[bot]'],
    emails: ['cursoragent@cursor.com'],
  },
  { agent: 'Aider', names: ['aider'], emails: ['noreply@aider.chat'] },
  { agent: 'Devin', names: ['devin ai', 'devin-ai-integration[bot]'], emails: [] },
  {
    agent: 'OpenAI Codex',
    names: ['codex', 'openai codex', 'chatgpt-codex-connector[bot]'],
    emails: ['codex@openai.com'],
  },
  {
    agent: 'Gemini',
    names: ['gemini', 'gemini code assist', 'gemini-code-assist[bot]'],
    emails: [],
  },
  { agent: 'Jules', names: ['google-labs-jules[bot]'], emails: [] },
];

/** The agent logins a GitHub no-reply address may carry, for each agent above. */
const AGENT_OF_LOGIN: ReadonlyMap<string, string> = new Map([
  ['copilot', 'Copilot'],
  ['copilot-swe-agent', 'Copilot'],
  ['copilot-swe-agent[bot]', 'Copilot'],
  ['devin-ai-integration[bot]', 'Devin'],
  ['chatgpt-codex-connector[bot]', 'OpenAI Codex'],
  ['cursor[bot]', 'Cursor Agent'],
  ['google-labs-jules[bot]', 'Jules'],
  ['gemini-code-assist[bot]', 'Gemini'],
  ['claude[bot]', 'Claude'],
]);

/**
 * The agent of the list above that a co-author is (its display name), or null for a person. The
 * e-mail's GitHub no-reply form is `<id>+<login>@users.noreply.github.com` (or `<login>@…`).
 */
export function agentOfCoauthor(name: string, email: string): string | null {
  const mail = email.trim().toLowerCase();
  const bareName = name
    .replace(/\([^)]*\)\s*$/, '')
    .trim()
    .toLowerCase();
  for (const known of KNOWN_AGENT_COAUTHORS)
    if (known.emails.includes(mail) || known.names.includes(bareName)) return known.agent;
  const noReply = /^(?:\d+\+)?([^@]+)@users\.noreply\.github\.com$/.exec(mail);
  return (noReply && AGENT_OF_LOGIN.get(noReply[1]!)) || null;
}

/** Whether a forge login is one of the AI coding agents above (case-insensitive). */
export function isAgentLogin(login: string): boolean {
  return KNOWN_AGENTS.has(login.trim().toLowerCase());
}

/** Addresses these services commit from, which carry no login. */
const KNOWN_BOT_EMAILS = new Set([
  'action@github.com',
  'actions@github.com',
  'support@dependabot.com',
  'bot@renovateapp.com',
  'support@greenkeeper.io',
  'snyk-bot@snyk.io',
  'noreply@weblate.org',
  'bot@stale.app',
]);

const BOT_SUFFIX = /\[bot\]$/;

/**
 * A bot is an author whose name or e-mail login ends with "[bot]" (GitHub Apps always do), or
 * whose login or address is one of the known automation accounts above.
 */
export function isBot(name: string, email: string): boolean {
  const address = email.trim().toLowerCase();
  if (KNOWN_BOT_EMAILS.has(address)) return true;
  const local = address.split('@')[0] ?? '';
  const login = GITHUB_NOREPLY.exec(address)?.[1];
  for (const candidate of [name.trim().toLowerCase(), local, login]) {
    if (!candidate) continue;
    if (BOT_SUFFIX.test(candidate)) return true;
    if (KNOWN_BOTS.has(candidate)) return true;
  }
  return false;
}
