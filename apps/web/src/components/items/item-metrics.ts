/** What a list holds, for the names of its figure's button. */
export type ItemNoun = 'pull_request' | 'deployment' | 'incident' | 'change';

const NOUNS: Record<string, ItemNoun> = {
  deployments: 'deployment',
  failed_deployments: 'deployment',
  rework: 'deployment',
  incidents: 'incident',
  time_to_restore: 'incident',
  lead_time: 'change',
};

export const itemNoun = (metric: string): ItemNoun => NOUNS[metric] ?? 'pull_request';

const HOURS = new Set([
  'time_to_first_review',
  'review_time',
  'time_to_merge',
  'time_to_merge_previous',
  'coding_time',
  'cycle_time',
  'lead_time',
  'time_to_restore',
  'stage_coding',
  'stage_pickup',
  'stage_review',
  'stage_deploy',
  'waiting',
]);

/** How an item's `value` reads: a time in hours, a size in changed lines, or a plain number. */
export function valueKind(metric: string): 'hours' | 'lines' | 'number' {
  if (HOURS.has(metric)) return 'hours';
  if (metric.startsWith('size_')) return 'lines';
  return 'number';
}
