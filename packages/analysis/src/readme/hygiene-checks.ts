import type { ReadmeCheck } from '@rota/contracts';
import { headingEvidence, makeCheck, quote, type CheckContext } from './check-kit.js';
import { countWords } from './document.js';
import { LIMITS, rubricEntry } from './rubric.js';
import { findTemplateText } from './template-text.js';

/** The checks of how the README is written: structure, code, images, links, length, leftovers. */
export function headingLevelsCheck({ doc }: CheckContext): ReadmeCheck {
  const skips = doc.headings.flatMap((heading, index) => {
    const previous = doc.headings[index - 1];
    return previous && heading.depth > previous.depth + 1
      ? [
          {
            kind: 'headingJump' as const,
            from: previous.depth,
            to: heading.depth,
            text: heading.text,
            line: heading.line,
          },
        ]
      : [];
  });
  if (skips.length) return makeCheck('headingLevels', 'failed', skips);
  return makeCheck('headingLevels', 'passed');
}

export function singleH1Check({ doc }: CheckContext): ReadmeCheck {
  const h1 = doc.headings.filter((heading) => heading.depth === 1);
  const evidence = h1.map(headingEvidence);
  if (h1.length === 1) return makeCheck('singleH1', 'passed', evidence);
  return makeCheck('singleH1', 'failed', evidence);
}

export function codeLanguagesCheck({ doc }: CheckContext): ReadmeCheck {
  const untagged = doc.codeBlocks.filter((block) => !block.lang);
  if (!untagged.length) return makeCheck('codeLanguages', 'passed');
  return makeCheck(
    'codeLanguages',
    'failed',
    untagged.map((block) => ({
      kind: 'codeBlock' as const,
      language: null,
      fenced: block.fenced,
      line: block.line,
    })),
  );
}

export function imageAltCheck({ doc }: CheckContext): ReadmeCheck {
  const missing = doc.images.filter((image) => !image.alt);
  if (!missing.length) return makeCheck('imageAlt', 'passed');
  return makeCheck(
    'imageAlt',
    'failed',
    missing.map((image) => quote(image.src, image.line)),
  );
}

export function linksCheck({ links }: CheckContext): ReadmeCheck {
  if (!links.brokenCount) return makeCheck('links', 'passed');
  return makeCheck(
    'links',
    'failed',
    links.broken.map((link) => quote(link.target, link.line)),
  );
}

export function lengthCheck({ doc }: CheckContext): ReadmeCheck {
  const words = countWords(doc.prose);
  const evidence = [{ kind: 'words' as const, count: words, line: null }];
  const [expandKey, shortenKey] = rubricEntry('length').suggestionKeys;
  if (words < LIMITS.minWords) return makeCheck('length', 'failed', evidence, expandKey);
  if (words > LIMITS.maxWords) return makeCheck('length', 'failed', evidence, shortenKey);
  return makeCheck('length', 'passed', evidence);
}

export function templateTextCheck({ doc, source }: CheckContext): ReadmeCheck {
  const found = findTemplateText(doc, source);
  if (!found.length) return makeCheck('templateText', 'passed');
  return makeCheck('templateText', 'failed', found);
}
