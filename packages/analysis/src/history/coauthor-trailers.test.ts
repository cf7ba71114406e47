import { describe, expect, it } from 'vitest';
import { agentCoauthorsOf, coAuthorsOf } from './coauthor-trailers.js';

// Messages as the agents and people write them (Claude Code, Copilot's coding agent, Aider,
// Cursor, GitHub's "Add co-authors" box).
const CLAUDE = `Fix the pickup time of drafts

Reviewers cannot pick up a draft, so the clock starts when it is ready.

🤖 Generated with [Claude Code](https://claude.com/claude-code)

Co-Authored-By: Claude <noreply@anthropic.com>`;

const MIXED = `Add the retry budget

Signed-off-by: Ayşe Yılmaz <ayse@example.com>
Co-authored-by: Mehmet Kaya <mehmet@example.com>
co-authored-by: Copilot <175728472+Copilot@users.noreply.github.com>
CO-AUTHORED-BY: aider (openai/gpt-4o) <noreply@aider.chat>`;

const QUOTED_IN_BODY = `Document trailers

Co-authored-by: Claude <noreply@anthropic.com>
is what Claude Code adds; this commit only documents it.

Reviewed-by: Ayşe Yılmaz <ayse@example.com>`;

const HUMANS_ONLY = `Pair on the parser

Co-authored-by: Claude Monet <claude@monet.example>
Co-authored-by: Devin Smith <devin@example.com>`;

describe('Co-authored-by trailers', () => {
  it('reads every trailer of the last paragraph, keys in any case', () => {
    expect(coAuthorsOf(MIXED)).toEqual([
      { name: 'Mehmet Kaya', email: 'mehmet@example.com' },
      { name: 'Copilot', email: '175728472+Copilot@users.noreply.github.com' },
      { name: 'aider (openai/gpt-4o)', email: 'noreply@aider.chat' },
    ]);
    expect(agentCoauthorsOf([MIXED])).toEqual(['Aider', 'Copilot']);
  });

  it('names Claude from the trailer Claude Code writes', () => {
    expect(agentCoauthorsOf([CLAUDE])).toEqual(['Claude']);
  });

  it('ignores a trailer-looking line of the body, outside the trailer block', () => {
    expect(coAuthorsOf(QUOTED_IN_BODY)).toEqual([]);
    expect(agentCoauthorsOf([QUOTED_IN_BODY])).toEqual([]);
  });

  it('ignores a last paragraph that is not all trailers, and a subject line alone', () => {
    const prose = `Tidy up\n\nCo-authored-by: Claude <noreply@anthropic.com>\nthanks for the help`;
    expect(coAuthorsOf(prose)).toEqual([]);
    expect(coAuthorsOf('Co-authored-by: Claude <noreply@anthropic.com>')).toEqual([]);
  });

  it('leaves human co-authors out, whatever their first name', () => {
    expect(coAuthorsOf(HUMANS_ONLY)).toHaveLength(2);
    expect(agentCoauthorsOf([HUMANS_ONLY])).toEqual([]);
  });

  it('names each agent once across the commits of a pull request', () => {
    const cursor = `Wire the job\n\nCo-authored-by: Cursor Agent <cursoragent@cursor.com>`;
    const devin = `Wire more\r\n\r\nCo-authored-by: devin-ai-integration[bot] <158243242+devin-ai-integration[bot]@users.noreply.github.com>\r\n`;
    expect(agentCoauthorsOf([cursor, CLAUDE, devin, CLAUDE, 'Merge branch main'])).toEqual([
      'Claude',
      'Cursor Agent',
      'Devin',
    ]);
  });
});
