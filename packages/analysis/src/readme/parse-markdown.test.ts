import { pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { analyzeReadme } from './analyze-readme.js';
import { PERFECT_REPO_FILES } from './fixtures/readme-fixtures.js';
import {
  MarkdownParserUnavailable,
  parseMarkdownIsolated,
  setParserModulesForTesting,
} from './parse-markdown.js';
import { withRepo } from './test-repo.js';

/** Module URLs as a bundle copied away from its node_modules would find them: nowhere. */
const missing = pathToFileURL('/nonexistent/rota/unified/index.js').href;

describe('a markdown parser that cannot be loaded', () => {
  afterEach(() => setParserModulesForTesting());

  it('is said to be the parser’s fault, not the README’s', async () => {
    setParserModulesForTesting({ unified: missing, remarkParse: missing, remarkGfm: missing });
    await expect(parseMarkdownIsolated('# Title\n')).rejects.toBeInstanceOf(
      MarkdownParserUnavailable,
    );
    await expect(withRepo(PERFECT_REPO_FILES, analyzeReadme)).rejects.toBeInstanceOf(
      MarkdownParserUnavailable,
    );
  });

  it('leaves the next parse, with the parser back, working', async () => {
    setParserModulesForTesting({ unified: missing, remarkParse: missing, remarkGfm: missing });
    await expect(parseMarkdownIsolated('# Title\n')).rejects.toThrow();
    setParserModulesForTesting();
    const tree = await parseMarkdownIsolated('# Title\n');
    expect(tree?.children[0]).toMatchObject({ type: 'heading', depth: 1 });
  });
});
