import type { AnalyticsAuthors } from '@rota/contracts';

/** The author kinds an `authors` filter keeps. */
export function kindsOf(authors: AnalyticsAuthors): Array<'human' | 'bot' | 'agent'> {
  if (authors === 'all') return ['human', 'bot', 'agent'];
  return [authors === 'humans' ? 'human' : authors === 'bots' ? 'bot' : 'agent'];
}
