import type { ReadmeEvidence } from '@rota/contracts';
import type { ReadmeDocument } from './document.js';
import { foldText } from './synonyms.js';

/**
 * Text left over from README templates and project generators: placeholders ("Project Title", "A
 * short description"), filler (Lorem ipsum), markers (TODO) and the generators' own READMEs
 * (create-react-app, create-next-app, Vite, Angular CLI, Rails, GitLab's default). Phrases are
 * compared on folded text (case, punctuation and Turkish letters ignored); markers are case-sensitive
 * so "todo list app" is not a TODO. Code blocks are never scanned.
 */
const PHRASES: readonly string[] = [
  'one paragraph of project description',
  'one paragraph of the project description',
  'lorem ipsum',
  'describe your project',
  'add your description',
  'add a short description',
  'project description goes here',
  'what things you need to install the software and how to install them',
  'a step by step series of examples that tell you how to get a development env running',
  'explain how to run the automated tests for this system',
  'add additional notes about how to deploy this on a live system',
  'getting started with create react app',
  'this project was bootstrapped with create react app',
  'bootstrapped with create next app',
  'this template provides a minimal setup to get react working in vite',
  'this template should help get you started developing with vue 3',
  'this project was generated with angular cli',
  'this project was generated using angular cli',
  'this readme would normally document whatever steps are necessary',
  'suggestions for a good readme',
  'every project is different so consider which of these sections apply to yours',
  'kisa bir aciklama',
  'projenizi tanimlayin',
  'projenizi aciklayin',
  'proje aciklamasi buraya',
  'buraya yazin',
];

/** Headings that are nothing but a placeholder. */
const PLACEHOLDER_HEADINGS = new Set([
  'project title',
  'project name',
  'your project name',
  'title',
  'proje basligi',
  'proje adi',
]);

/** Placeholders only when a paragraph opens with them ("A short description of ..."). */
const PARAGRAPH_OPENINGS: readonly string[] = ['a short description', 'short description of'];

const MARKERS = /\b(TODO|TBD|FIXME)\b/;

export function findTemplateText(doc: ReadmeDocument, source: string): ReadmeEvidence[] {
  const evidence: ReadmeEvidence[] = [];
  for (const heading of doc.headings) {
    if (PLACEHOLDER_HEADINGS.has(foldText(heading.text)))
      evidence.push({ kind: 'quote', text: heading.text, line: heading.line });
  }
  const prose = ` ${foldText(doc.prose)} `;
  const foldedLines = lazyFoldedLines(source);
  for (const phrase of PHRASES) {
    if (prose.includes(` ${phrase} `))
      evidence.push({ kind: 'quote', text: phrase, line: foldedLines(phrase) });
  }
  for (const paragraph of doc.paragraphs) {
    const folded = foldText(paragraph.text);
    const opening = PARAGRAPH_OPENINGS.find((phrase) => folded.startsWith(phrase));
    if (opening)
      evidence.push({ kind: 'quote', text: paragraph.text.slice(0, 80), line: paragraph.line });
  }
  const marker = MARKERS.exec(doc.prose);
  if (marker)
    evidence.push({ kind: 'quote', text: marker[1]!, line: lineOfMarker(source, marker[1]!) });
  return evidence;
}

/** The first source line containing a folded phrase (null when it spans lines). */
function lazyFoldedLines(source: string): (phrase: string) => number | null {
  let folded: string[] | undefined;
  return (phrase) => {
    folded ??= source.split('\n').map((line) => ` ${foldText(line)} `);
    const index = folded.findIndex((line) => line.includes(` ${phrase} `));
    return index === -1 ? null : index + 1;
  };
}

function lineOfMarker(source: string, marker: string): number | null {
  const pattern = new RegExp(`\\b${marker}\\b`);
  const index = source.split('\n').findIndex((line) => pattern.test(line));
  return index === -1 ? null : index + 1;
}
