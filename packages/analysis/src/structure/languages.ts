import * as linguist from 'linguist-languages';
import type { Language } from 'linguist-languages';

/**
 * GitHub Linguist's language table (languages.yml, as the `linguist-languages` package ships it),
 * indexed the way Linguist looks languages up: by exact file name, by extension (lower-cased, the
 * longest dotted suffix that names any language), by interpreter and by alias.
 */
export type LanguageType = 'programming' | 'markup' | 'data' | 'prose';

export interface LanguageInfo {
  name: string;
  type: LanguageType;
  color: string | null;
  /** The language GitHub's bar files it under (`group` in languages.yml, else the language itself). */
  group: string;
  /** CodeMirror mode: the fallback hint for comment syntax when no table entry exists. */
  codemirrorMode: string | null;
  /** First extension listed: Linguist's primary extension, used to break ties without a classifier. */
  primaryExtension: string | null;
}

const byName = new Map<string, LanguageInfo>();
const byAlias = new Map<string, LanguageInfo>();
const byExtension = new Map<string, string[]>();
const byFilename = new Map<string, string[]>();
const byInterpreter = new Map<string, string[]>();

function push(index: Map<string, string[]>, key: string, name: string): void {
  const list = index.get(key);
  if (!list) index.set(key, [name]);
  else if (!list.includes(name)) list.push(name);
}

for (const language of Object.values(linguist) as Language[]) {
  const info: LanguageInfo = {
    name: language.name,
    type: language.type as LanguageType,
    color: language.color ?? null,
    group: language.group ?? language.name,
    codemirrorMode: language.codemirrorMode ?? null,
    primaryExtension: language.extensions?.[0]?.toLowerCase() ?? null,
  };
  byName.set(info.name, info);
  // Linguist's alias index: the name lower-cased with spaces as dashes, plus the declared aliases.
  byAlias.set(info.name.toLowerCase(), info);
  byAlias.set(info.name.toLowerCase().replace(/\s/g, '-'), info);
  for (const alias of language.aliases ?? []) byAlias.set(alias.toLowerCase(), info);
  for (const extension of language.extensions ?? [])
    push(byExtension, extension.toLowerCase(), info.name);
  for (const filename of language.filenames ?? []) push(byFilename, filename, info.name);
  for (const interpreter of language.interpreters ?? [])
    push(byInterpreter, interpreter, info.name);
}

export function languageInfo(name: string): LanguageInfo | undefined {
  return byName.get(name);
}

/** `linguist-language=X` resolves like Linguist's `find_by_alias`: case-insensitive name or alias. */
export function findLanguageByAlias(alias: string): LanguageInfo | undefined {
  return byAlias.get(alias.toLowerCase()) ?? byAlias.get(alias.toLowerCase().replace(/\s/g, '-'));
}

export function languagesForFilename(basename: string): string[] {
  return byFilename.get(basename) ?? [];
}

export function languagesForInterpreter(interpreter: string): string[] {
  return byInterpreter.get(interpreter) ?? [];
}

/**
 * Linguist's `find_by_extension`: every dotted suffix of the lower-cased base name, longest first
 * ("a.d.ts" tries ".d.ts" then ".ts"); the first that names a language wins.
 */
export function languagesForExtension(basename: string): string[] {
  const lower = basename.toLowerCase();
  let dot = lower.indexOf('.');
  while (dot !== -1) {
    const found = byExtension.get(lower.slice(dot));
    if (found) return found;
    dot = lower.indexOf('.', dot + 1);
  }
  return [];
}
