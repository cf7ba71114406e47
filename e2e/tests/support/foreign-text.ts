import { readFileSync } from 'node:fs';
import { expect, type Page } from '@playwright/test';
import type { Language } from './texts.js';

/**
 * "One language at a time": finds, on a page shown in one language, text from the other language's
 * catalogue. Unlike texts.ts, this reads the web's catalogues on purpose: the question is not
 * whether a text is right but whether a page mixes the two sets. Values that are the same in both
 * languages ("README", "API", "octocat") say nothing and are left out.
 */
type Tree = { [key: string]: unknown };

const LOCALES = new URL('../../../apps/web/src/locales/', import.meta.url);

function leaves(tree: Tree, prefix = ''): Array<[string, string]> {
  return Object.entries(tree).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return value !== null && typeof value === 'object'
      ? leaves(value as Tree, path)
      : [[path, String(value)] as [string, string]];
  });
}

function catalogue(language: Language): Map<string, string> {
  const read = (file: string) => JSON.parse(readFileSync(new URL(file, LOCALES), 'utf8')) as Tree;
  return new Map([
    ...leaves(read(`${language}.json`)),
    ...leaves(read(`analysis/${language}.json`)),
  ]);
}

const PLACEHOLDER = /{{[^}]*}}/g;
const LETTERS = /\p{L}/gu;
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The fixed pieces of the other language's texts (what is left around the placeholders), kept
 * when they have three letters or more and appear in no text of the page's own language.
 */
function foreignPhrases(language: Language): string[] {
  const own = catalogue(language);
  const other = catalogue(language === 'tr' ? 'en' : 'tr');
  const ownText = [...own.values()].join('\n');
  const phrases = new Set<string>();
  for (const [key, value] of other) {
    if (own.get(key) === value) continue;
    for (const piece of value.split(PLACEHOLDER)) {
      const phrase = piece.trim().replace(/^[\s\p{P}\p{S}]+|[\s\p{P}\p{S}]+$/gu, '');
      if ((phrase.match(LETTERS)?.length ?? 0) < 3) continue;
      const inOwn = new RegExp(`(?<!\\p{L})${escape(phrase)}(?!\\p{L})`, 'u');
      if (!inOwn.test(ownText)) phrases.add(phrase);
    }
  }
  return [...phrases].sort((a, b) => b.length - a.length);
}

const matchers = new Map<Language, RegExp>();
function foreignMatcher(language: Language): RegExp {
  let matcher = matchers.get(language);
  if (!matcher) {
    const alternatives = foreignPhrases(language).map(escape).join('|');
    matcher = new RegExp(`(?<!\\p{L})(?:${alternatives})(?!\\p{L})`, 'u');
    matchers.set(language, matcher);
  }
  return matcher;
}

/**
 * What users wrote or named (README text, file and branch names, commit messages, source code) is
 * shown as it is in every language, so it is not checked.
 */
const USER_CONTENT = [
  'pre',
  'code',
  'kbd',
  '[data-testid="readme-rendered"]',
  '[data-testid="diagram-source"]',
  '[data-testid="branch-row"] > th',
  '[data-testid="branch-row"] > td:nth-of-type(n+4)',
  '[translate="no"]',
].join(',');

/** The text nodes a user can see now, outside user content. */
export function visibleTexts(page: Page): Promise<string[]> {
  return page.evaluate((skip) => {
    const texts: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.replace(/\s+/g, ' ').trim();
      const parent = node.parentElement;
      if (!text || !parent || parent.closest(skip)) continue;
      if (parent.closest('script, style, template, [hidden], [aria-hidden="true"]:not(svg)'))
        continue;
      if (!parent.checkVisibility({ visibilityProperty: true, opacityProperty: false })) continue;
      texts.push(text);
    }
    return texts;
  }, USER_CONTENT);
}

/** Each visible text that holds a phrase of the other language, with the phrase found. */
export async function foreignTexts(page: Page, language: Language): Promise<string[]> {
  const matcher = foreignMatcher(language);
  return (await visibleTexts(page)).flatMap((text) => {
    const found = matcher.exec(text);
    return found ? [`"${found[0]}" in "${text.slice(0, 120)}"`] : [];
  });
}

export async function expectOneLanguage(page: Page, language: Language, where: string) {
  expect(
    await foreignTexts(page, language),
    `${where} (${language}) shows the other language`,
  ).toEqual([]);
}
