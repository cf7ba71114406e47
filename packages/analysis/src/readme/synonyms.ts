/**
 * Section names in English and Turkish. Headings are compared after `foldText` (case, diacritics and
 * Turkish dotless i folded, punctuation and emoji dropped), word by word: a synonym matches when its
 * words appear in a row in the heading. Words of five letters or more also match as prefixes, so
 * Turkish suffixes ("Kurulumu", "Lisansı") and English forms ("Installing") need no list of their own.
 */
export type SectionKind =
  | 'installation'
  | 'usage'
  | 'examples'
  | 'configuration'
  | 'apiDocs'
  | 'tableOfContents'
  | 'contributing'
  | 'license'
  | 'security'
  | 'changelog';

export const SECTION_SYNONYMS: Record<SectionKind, readonly string[]> = {
  installation: [
    'installation',
    'install',
    'installing',
    'setup',
    'set up',
    'getting started',
    'get started',
    'quick start',
    'quickstart',
    'build from source',
    'building from source',
    // Java libraries' "Download" section gives the coordinates to depend on (retrofit, okio).
    'download',
    'kurulum',
    'yukleme',
    'baslarken',
    'hizli baslangic',
    'baslangic',
    'indirme',
  ],
  usage: [
    'usage',
    'how to use',
    // Only as the first word: "Using the CLI" is usage, "Projects using this library" is not.
    '^using',
    'getting started',
    'quick start',
    'quickstart',
    'kullanim',
    'nasil kullanilir',
    'kullanma',
    'calistirma',
    'baslarken',
    'hizli baslangic',
  ],
  examples: [
    'example',
    'examples',
    // "Hello World using AppFactory" (Slim): the classic first program is an example.
    'hello world',
    'demo',
    'demos',
    'screenshot',
    'screenshots',
    'showcase',
    'gallery',
    'preview',
    'ornek',
    'ornekler',
    'ekran goruntu',
    'ekran goruntuleri',
    'onizleme',
    'merhaba dunya',
  ],
  configuration: [
    'configuration',
    'config',
    'configuring',
    'settings',
    'options',
    'environment variables',
    'customization',
    'customisation',
    'yapilandirma',
    'ayarlar',
    'ayar',
    'konfigurasyon',
    'secenekler',
    'ortam degiskenleri',
  ],
  apiDocs: [
    'api',
    'documentation',
    'docs',
    'reference',
    'wiki',
    'manual',
    'belgeler',
    'belgelendirme',
    'dokumantasyon',
    'dokumanlar',
    'kilavuz',
    'referans',
  ],
  tableOfContents: ['table of contents', 'contents', 'toc', 'icindekiler', 'icerik'],
  contributing: [
    'contributing',
    'contribute',
    'contribution',
    'contributions',
    'how to contribute',
    'katki',
    'katkida bulunma',
    'katkida bulunmak',
    'katki saglama',
  ],
  license: ['license', 'licence', 'licensing', 'lisans'],
  security: [
    'security',
    'security policy',
    'reporting a vulnerability',
    'vulnerability',
    'vulnerabilities',
    'guvenlik',
    'guvenlik acigi',
  ],
  changelog: [
    'changelog',
    'change log',
    'changes',
    'release notes',
    'releases',
    'history',
    'version history',
    'whats new',
    'degisiklik gunlugu',
    'degisiklikler',
    'surum notlari',
    'surum gecmisi',
    'surumler',
    'yenilikler',
  ],
};

/** Headings that share a word with a synonym but name something else. */
const EXCLUDED: Partial<Record<SectionKind, readonly string[]>> = {
  contributing: ['contributors', 'contributor', 'katkida bulunanlar', 'katkicilar'],
};

/**
 * Lower case without diacritics, Turkish-aware (İ, I, ı all become i), punctuation, emoji and list
 * numbering turned into spaces, so "📦 1. KURULUM:" and "Kurulum" compare equal.
 */
export function foldText(text: string): string {
  return text
    .replace(/[İIı]/g, 'i')
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/^\s*\d+\s+/, '')
    .trim();
}

function wordsMatch(headingWord: string, synonymWord: string): boolean {
  return synonymWord.length >= 5
    ? headingWord.startsWith(synonymWord)
    : headingWord === synonymWord;
}

function containsPhrase(words: string[], phrase: string[]): boolean {
  for (let start = 0; start + phrase.length <= words.length; start++) {
    if (phrase.every((word, index) => wordsMatch(words[start + index]!, word))) return true;
  }
  return false;
}

/** A synonym written `^word` matches only at the heading's start. */
const PHRASES = Object.fromEntries(
  Object.entries(SECTION_SYNONYMS).map(([kind, list]) => [
    kind,
    list.map((s) => ({ atStart: s.startsWith('^'), words: s.replace(/^\^/, '').split(' ') })),
  ]),
) as Record<SectionKind, Array<{ atStart: boolean; words: string[] }>>;

export function headingMatches(heading: string, kind: SectionKind): boolean {
  const folded = foldText(heading);
  if (!folded) return false;
  if (EXCLUDED[kind]?.some((excluded) => folded === excluded || folded.startsWith(`${excluded} `)))
    return false;
  const words = folded.split(' ');
  return PHRASES[kind].some((phrase) =>
    phrase.atStart
      ? containsPhrase(words.slice(0, phrase.words.length), phrase.words)
      : containsPhrase(words, phrase.words),
  );
}

/** Headings that introduce the project rather than a topic ("Intro", "About", "Overview"). */
const INTRO_HEADING =
  /^(?:intro|introduction|about|overview|what is|description|summary|giris|hakkinda|genel bakis|tanitim)\b/;

export const isIntroHeading = (heading: string): boolean => INTRO_HEADING.test(foldText(heading));
