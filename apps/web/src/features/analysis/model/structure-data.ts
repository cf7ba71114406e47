import type { StructureDirectory, StructureLanguage } from '@rota/contracts';

export type LanguageMetric = 'bytes' | 'code';

export interface LanguageDatum {
  name: string;
  /** Percentage (0–100) of the counted bytes or code lines. */
  share: number;
  /** Bytes or code lines. */
  value: number;
  color: string;
}

/** Linguist has no colour for some languages; GitHub draws those (and "Other") in this grey. */
export const FALLBACK_COLOR = '#8b949e';
/** More bars than this become one "Other" bar, so the chart stays readable. */
export const MAX_BARS = 10;

/**
 * The chart's bars: languages that count toward the shares (as GitHub's language bar), largest
 * first, by bytes or by code lines, the tail folded into "Other". Languages with no share in the
 * chosen measure are left out (a language with bytes but no code lines, say).
 */
export function languageChartData(
  languages: readonly StructureLanguage[],
  metric: LanguageMetric,
  otherLabel: string,
): LanguageDatum[] {
  const data = languages
    .filter((language) => language.counted)
    .map((language) => ({
      name: language.name,
      share: (metric === 'bytes' ? language.byteShare : language.codeShare) ?? 0,
      value: metric === 'bytes' ? language.bytes : language.code,
      color: language.color ?? FALLBACK_COLOR,
    }))
    .filter((datum) => datum.share > 0)
    .sort((a, b) => b.share - a.share || a.name.localeCompare(b.name));
  if (data.length <= MAX_BARS) return data;
  const head = data.slice(0, MAX_BARS - 1);
  const tail = data.slice(MAX_BARS - 1);
  return [
    ...head,
    {
      name: otherLabel,
      share: Math.round(tail.reduce((sum, datum) => sum + datum.share, 0) * 100) / 100,
      value: tail.reduce((sum, datum) => sum + datum.value, 0),
      color: FALLBACK_COLOR,
    },
  ];
}

export interface DirectoryNode {
  entry: StructureDirectory;
  /** The last path segment ("src/web" → "web"); "*" rows keep their parent's name. */
  name: string;
  children: DirectoryNode[];
}

/**
 * The analysis lists directories flat with their depth; the tree view nests them under their
 * parent path, largest first, the rolled-up "rest" row last among its siblings.
 */
export function buildDirectoryTree(
  directories: readonly StructureDirectory[],
): DirectoryNode | null {
  const byPath = new Map<string, DirectoryNode>();
  for (const entry of directories) {
    const name = entry.path === '' ? '' : (entry.path.split('/').pop() ?? entry.path);
    byPath.set(entry.path, { entry, name, children: [] });
  }
  const root = byPath.get('') ?? null;
  for (const node of byPath.values()) {
    if (node.entry.path === '') continue;
    const slash = node.entry.path.lastIndexOf('/');
    const parentPath = slash === -1 ? '' : node.entry.path.slice(0, slash);
    byPath.get(parentPath)?.children.push(node);
  }
  for (const node of byPath.values()) {
    node.children.sort(
      (a, b) =>
        Number(a.entry.kind === 'rest') - Number(b.entry.kind === 'rest') ||
        b.entry.bytes - a.entry.bytes ||
        a.name.localeCompare(b.name),
    );
  }
  return root;
}
