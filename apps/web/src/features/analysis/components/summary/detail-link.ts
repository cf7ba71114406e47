import type { ReactNode } from 'react';
import type { AnalysisView } from '../../api/analysis-kinds';

/**
 * How a summary links to an analysis's detail: the project page to its tab, the full report to
 * the repository's section on the same page. `index` is the repository's place in the project.
 */
export type RenderDetailLink = (
  target: { view: AnalysisView; index: number },
  children: ReactNode,
) => ReactNode;

export const detailLinkClasses =
  'rounded text-indigo-700 underline underline-offset-4 hover:no-underline focus-visible:outline-2 focus-visible:outline-indigo-600 dark:text-indigo-300';
