import { createContext, useContext } from 'react';

/**
 * Sections carry ids for their headings (aria-labelledby). On the full report the same section
 * appears once per repository, so each repository's part sets a prefix that keeps ids unique.
 */
export const IdScope = createContext('');

export function useScopedId(id: string): string {
  return `${useContext(IdScope)}${id}`;
}

/** The heading level of a section card: 2 in a project's tab, deeper inside the report's outline. */
export const HeadingLevel = createContext<2 | 3 | 4>(2);

export function useHeadingTags(): { title: 'h2' | 'h3' | 'h4'; sub: 'h3' | 'h4' | 'h5' } {
  const level = useContext(HeadingLevel);
  return { title: `h${level}`, sub: `h${(level + 1) as 3 | 4 | 5}` };
}
