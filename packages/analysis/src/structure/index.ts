/**
 * Structure analysis: what a commit's tree is made of, by language (GitHub Linguist's rules and
 * data), category and directory. `analyzeStructure` gives the serialisable result; `classifyFiles`
 * gives the per-file records (FileStat) that composition and the diagram reuse, and
 * `summarizeStructure` turns them into the result without reading anything again.
 */
export { analyzeStructure, classifyFiles, summarizeStructure } from './analyze.js';
export type { ClassifiedFile } from './classify-file.js';
export type { ClassifiedTree, StructureOptions } from './structure-types.js';
export { detectLanguage } from './detect-language.js';
export { countLines, type LineCounts } from './line-counter.js';
