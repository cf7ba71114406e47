/**
 * What the structure analysis learns about each file, handed to the analyses that build on it
 * (composition's test-to-code ratio, the diagram's per-component language and code lines), so no
 * file is classified or line-counted twice in one run.
 */
export type FileCategory =
  'code' | 'vendored' | 'generated' | 'documentation' | 'binary' | 'data' | 'other';

export interface FileStat {
  path: string;
  size: number;
  /** Linguist language name ("TypeScript"), or null when unknown. */
  language: string | null;
  category: FileCategory;
  /** Line counts; all zero for binary files and files too big to count. */
  lines: number;
  code: number;
  comment: number;
  blank: number;
}
