/**
 * Size classes of a pull request by its changed lines, additions plus deletions as GitHub counts
 * them (docs/metrics.md "PR size"). Smallest first: a pull request is in the first class whose
 * `under` its lines stay below; the last class has no limit. The web's size badge, the analytics'
 * counts (in SQL) and the analytics' labels all read this table. Free of zod, so a page that reads
 * it loads these lines and nothing more.
 */
export const PR_SIZE_CLASSES = [
  { name: 'XS', under: 10 },
  { name: 'S', under: 50 },
  { name: 'M', under: 250 },
  { name: 'L', under: 1000 },
  { name: 'XL', under: null },
] as const;

export type PrSizeClass = (typeof PR_SIZE_CLASSES)[number]['name'];

/** The class names, smallest first. */
export const PR_SIZE_CLASS_NAMES: readonly PrSizeClass[] = PR_SIZE_CLASSES.map(
  (entry) => entry.name,
);

/**
 * Each class with the lines it starts at: the class before it ends there, so the limits are
 * written once. The first class has no lower bound.
 */
export const PR_SIZE_CLASS_RANGES: ReadonlyArray<{
  name: PrSizeClass;
  from: number | null;
  under: number | null;
}> = PR_SIZE_CLASSES.map((entry, index) => ({
  name: entry.name,
  from: index === 0 ? null : PR_SIZE_CLASSES[index - 1]!.under,
  under: entry.under,
}));

export function prSizeClass(changedLines: number): PrSizeClass {
  return PR_SIZE_CLASSES.find((entry) => entry.under === null || changedLines < entry.under)!.name;
}
