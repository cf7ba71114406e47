import type {
  StructureAnalysis,
  StructureFile,
  StructureFileCategory,
  StructureFileList,
  StructureLanguage,
  StructureTally,
} from '@rota/contracts';
import type { FileCategory } from '../snapshot/file-stat.js';
import type { ClassifiedFile } from './classify-file.js';
import { summarizeDirectories } from './directories.js';
import { languageInfo } from './languages.js';
import type { ClassifiedTree, StructureLimits } from './structure-types.js';

// The contract's category names and the engine's FileCategory must stay the same set.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const categoriesAgree: Same<FileCategory, StructureFileCategory> = true;
void categoriesAgree;

const CATEGORIES: StructureFileCategory[] = [
  'code',
  'vendored',
  'generated',
  'documentation',
  'binary',
  'data',
  'other',
];

// Vendored, generated, documentation and binary files are reported only as categories.
const LANGUAGE_CATEGORIES = new Set<StructureFileCategory>(['code', 'data', 'other']);

const emptyTally = (): StructureTally => ({
  files: 0,
  bytes: 0,
  lines: 0,
  code: 0,
  comment: 0,
  blank: 0,
});

function tally(into: StructureTally, file: ClassifiedFile): void {
  into.files += 1;
  into.bytes += file.size;
  into.lines += file.lines;
  into.code += file.code;
  into.comment += file.comment;
  into.blank += file.blank;
}

/** Percentage rounded to 0.01, or null when there is nothing to share. */
const percent = (part: number, whole: number) =>
  whole > 0 ? Math.round((part / whole) * 10_000) / 100 : null;

const describe = (file: ClassifiedFile): StructureFile => ({
  path: file.path,
  bytes: file.size,
  language: file.language,
  category: file.category,
  lines: file.binary || file.tooLarge || file.unreadable ? null : file.lines,
});

const largestFirst = (a: ClassifiedFile, b: ClassifiedFile) =>
  b.size - a.size || (a.path < b.path ? -1 : 1);

function fileList(files: ClassifiedFile[], cap: number): StructureFileList {
  const sorted = [...files].sort(largestFirst);
  return {
    total: files.length,
    bytes: files.reduce((sum, file) => sum + file.size, 0),
    files: sorted.slice(0, cap).map(describe),
    truncated: sorted.length > cap,
  };
}

function summarizeLanguages(files: readonly ClassifiedFile[]): StructureLanguage[] {
  interface Group {
    tally: StructureTally;
    members: Set<string>;
    countedBytes: number;
    countedCode: number;
    counted: boolean;
  }
  const groups = new Map<string, Group>();
  let countedBytes = 0;
  let countedCode = 0;
  for (const file of files) {
    if (!file.group || !LANGUAGE_CATEGORIES.has(file.category)) continue;
    let group = groups.get(file.group);
    if (!group) {
      group = {
        tally: emptyTally(),
        members: new Set(),
        countedBytes: 0,
        countedCode: 0,
        counted: false,
      };
      groups.set(file.group, group);
    }
    tally(group.tally, file);
    if (file.language && file.language !== file.group) group.members.add(file.language);
    if (file.counted) {
      group.counted = true;
      group.countedBytes += file.size;
      group.countedCode += file.code;
      countedBytes += file.size;
      countedCode += file.code;
    }
  }
  const languages = [...groups].map(([name, group]): StructureLanguage => {
    const info = languageInfo(name);
    return {
      name,
      type: info?.type ?? 'programming',
      color: info?.color ?? null,
      members: [...group.members].sort(),
      counted: group.counted,
      ...group.tally,
      byteShare: group.counted ? percent(group.countedBytes, countedBytes) : null,
      codeShare: group.counted ? percent(group.countedCode, countedCode) : null,
    };
  });
  return languages.sort(
    (a, b) =>
      Number(b.counted) - Number(a.counted) || b.bytes - a.bytes || (a.name < b.name ? -1 : 1),
  );
}

/** The serialisable summary of a classified tree (see StructureAnalysisSchema). */
export function summarize(tree: ClassifiedTree, limits: StructureLimits): StructureAnalysis {
  const { files } = tree;
  const totals = emptyTally();
  const categories = Object.fromEntries(CATEGORIES.map((c) => [c, emptyTally()])) as Record<
    StructureFileCategory,
    StructureTally
  >;
  const overrides = { vendored: 0, generated: 0, documentation: 0, detectable: 0, language: 0 };
  for (const file of files) {
    tally(totals, file);
    tally(categories[file.category], file);
    for (const key of Object.keys(overrides) as Array<keyof typeof overrides>)
      if (file.fromAttributes[key]) overrides[key] += 1;
  }
  const cap = <T>(items: T[]) => ({
    total: items.length,
    items: items.slice(0, limits.listCap),
    truncated: items.length > limits.listCap,
  });
  const symlinks = cap(tree.symlinks);
  const submodules = cap(tree.submodules);
  return {
    ref: tree.ref,
    commit: tree.commit,
    totals,
    categories,
    languages: summarizeLanguages(files),
    directories: summarizeDirectories(files, {
      maxDepth: limits.directoryDepth,
      maxChildren: limits.directoryChildren,
      maxEntries: limits.directoryEntries,
    }),
    largestFiles: [...files].sort(largestFirst).slice(0, limits.largestFiles).map(describe),
    binaryFiles: fileList(
      files.filter((file) => file.binary),
      limits.listCap,
    ),
    largeFiles: fileList(
      files.filter((file) => file.tooLarge),
      limits.listCap,
    ),
    symlinks: { total: symlinks.total, links: symlinks.items, truncated: symlinks.truncated },
    submodules: {
      total: submodules.total,
      modules: submodules.items,
      truncated: submodules.truncated,
    },
    gitattributes: overrides,
    limits: {
      maxLineCountBytes: limits.maxLineCountBytes,
      maxReadBytes: limits.maxReadBytes,
      directoryDepth: limits.directoryDepth,
      directoryChildren: limits.directoryChildren,
      largestFiles: limits.largestFiles,
      listCap: limits.listCap,
    },
  };
}
