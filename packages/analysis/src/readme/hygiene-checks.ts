import type { ReadmeCheck } from '@rota/contracts';
import { headingEvidence, makeCheck, type CheckContext } from './check-kit.js';
import { countWords } from './document.js';
import { LIMITS, rubricEntry } from './rubric.js';
import { findTemplateText } from './template-text.js';

/** The checks of how the README is written: structure, code, images, links, length, leftovers. */
export function headingLevelsCheck({ doc }: CheckContext): ReadmeCheck {
  const skips = doc.headings.flatMap((heading, index) => {
    const previous = doc.headings[index - 1];
    return previous && heading.depth > previous.depth + 1
      ? [{ text: `h${previous.depth} → h${heading.depth}: ${heading.text}`, line: heading.line }]
      : [];
  });
  if (skips.length)
    return makeCheck('headingLevels', 'failed', `${skips.length} skipped heading level(s)`, skips);
  return makeCheck('headingLevels', 'passed', 'no heading level is skipped');
}

export function singleH1Check({ doc }: CheckContext): ReadmeCheck {
  const h1 = doc.headings.filter((heading) => heading.depth === 1);
  const evidence = h1.map(headingEvidence);
  if (h1.length === 1)
    return makeCheck('singleH1', 'passed', 'exactly one level-1 heading', evidence);
  return makeCheck(
    'singleH1',
    'failed',
    `${h1.length} level-1 headings (expected exactly one)`,
    evidence,
  );
}

export function codeLanguagesCheck({ doc }: CheckContext): ReadmeCheck {
  const untagged = doc.codeBlocks.filter((block) => !block.lang);
  if (!untagged.length)
    return makeCheck(
      'codeLanguages',
      'passed',
      `${doc.codeBlocks.length} code block(s), all tagged`,
    );
  return makeCheck(
    'codeLanguages',
    'failed',
    `${untagged.length} of ${doc.codeBlocks.length} code block(s) have no language`,
    untagged.map((block) => ({
      text: block.fenced ? 'fenced code block without a language' : 'indented code block',
      line: block.line,
    })),
  );
}

export function imageAltCheck({ doc }: CheckContext): ReadmeCheck {
  const missing = doc.images.filter((image) => !image.alt);
  if (!missing.length)
    return makeCheck('imageAlt', 'passed', `${doc.images.length} image(s), all with alt text`);
  return makeCheck(
    'imageAlt',
    'failed',
    `${missing.length} of ${doc.images.length} image(s) have no alt text`,
    missing.map((image) => ({ text: image.src, line: image.line })),
  );
}

export function linksCheck({ links }: CheckContext): ReadmeCheck {
  if (!links.brokenCount)
    return makeCheck(
      'links',
      'passed',
      `${links.relative} relative link(s) and ${links.anchors} anchor(s) resolve`,
    );
  return makeCheck(
    'links',
    'failed',
    `${links.brokenCount} broken link(s)`,
    links.broken.map((link) => ({ text: link.target, line: link.line })),
  );
}

export function lengthCheck({ doc }: CheckContext): ReadmeCheck {
  const words = countWords(doc.prose);
  const evidence = [{ text: `${words} words`, line: null }];
  const [expandKey, shortenKey] = rubricEntry('length').suggestionKeys;
  if (words < LIMITS.minWords)
    return makeCheck(
      'length',
      'failed',
      `too short: fewer than ${LIMITS.minWords} words`,
      evidence,
      expandKey,
    );
  if (words > LIMITS.maxWords)
    return makeCheck(
      'length',
      'failed',
      `very long: more than ${LIMITS.maxWords} words`,
      evidence,
      shortenKey,
    );
  return makeCheck('length', 'passed', 'length is reasonable', evidence);
}

export function templateTextCheck({ doc, source }: CheckContext): ReadmeCheck {
  const found = findTemplateText(doc, source);
  if (!found.length) return makeCheck('templateText', 'passed', 'no leftover template text');
  return makeCheck('templateText', 'failed', 'leftover template text', found);
}
