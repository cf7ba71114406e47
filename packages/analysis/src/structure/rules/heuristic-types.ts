/** The shape of Linguist's heuristic rules as ported in this folder (see ../heuristics.ts). */
export type HeuristicTest =
  RegExp | RegExp[] | string | { not: RegExp | RegExp[] } | { and: HeuristicTest[] };

export interface Disambiguation {
  extensions: string[];
  rules: Array<{ language: string | string[]; test: HeuristicTest | null }>;
}
