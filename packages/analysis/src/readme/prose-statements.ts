import type { ReadmeEvidence } from '@rota/contracts';
import { quote } from './check-kit.js';
import type { ReadmeDocument } from './document.js';
import { foldText } from './synonyms.js';

/**
 * What a README may state in a paragraph instead of a section of its own: where patches go (git:
 * "patches to git@vger.kernel.org"), and where vulnerabilities are reported ("disclosed privately
 * to the Git Security mailing list").
 */
const STATEMENTS = {
  contributing: [
    /\b(?:send|submit|post|open)\w*\b[^.]{0,80}\b(?:patch(?:es)?|pull requests?)\b/i,
    /\bcontributions? (?:are|is) (?:very |always )?welcome\b/i,
    /\bkatk[ıi]lar[ıi]n[ıi]z[ıi]? bekliyoruz\b/i,
  ],
  security: [
    /\b(?:disclos|report)\w*\b[^.]{0,80}\b(?:privately|vulnerabilit\w*|security (?:team|mailing list|issues?))/i,
    /\bvulnerabilit\w*\b[^.]{0,80}\b(?:report|disclos)\w*/i,
    /\bsecurity relevant\b[^.]{0,80}\bprivately\b/i,
    /\bg[üu]venlik a[çc][ıi]\w*\b[^.]{0,80}\bbildir/i,
  ],
} as const;

export function statedInProse(
  doc: ReadmeDocument,
  id: 'contributing' | 'security' | 'changelog',
): ReadmeEvidence[] {
  if (id === 'changelog') return [];
  return doc.paragraphs
    .filter((paragraph) => STATEMENTS[id].some((pattern) => pattern.test(paragraph.text)))
    .map((paragraph) => quote(paragraph.text.slice(0, 200), paragraph.line));
}

/**
 * A security section is a policy when it tells how to report vulnerabilities; sinatra's section on
 * keeping its secret key safe is a usage topic that only shares the word.
 */
const POLICY = /vulnerab|disclos|\bcve\b|advisor|security@|report|policy|guvenlik acig|bildir/i;

/** Headings that are the policy by name alone ("Security", "Güvenlik"). */
const POLICY_HEADINGS = new Set(['security', 'security policy', 'guvenlik', 'guvenlik politikasi']);

export function isSecurityPolicy(heading: string, body: string): boolean {
  return POLICY_HEADINGS.has(foldText(heading)) || POLICY.test(heading) || POLICY.test(body);
}
