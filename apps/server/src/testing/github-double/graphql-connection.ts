export interface PageArgs {
  first?: number;
  last?: number;
  after?: string;
}

const cursorOf = (index: number) => Buffer.from(`cursor:v2:${index}`).toString('base64');
const indexAfter = (cursor: string | undefined) => {
  if (!cursor) return 0;
  const match = /^cursor:v2:(\d+)$/.exec(Buffer.from(cursor, 'base64').toString('utf8'));
  return match ? Number(match[1]) + 1 : 0;
};

/**
 * A GraphQL connection over a list, the way GitHub pages: `first` items after the opaque cursor,
 * or the `last` ones, with `pageInfo` and `totalCount`. (The schema check has already refused
 * `first` or `last` over 100.)
 */
export function connection<T>(items: T[], args: PageArgs, toNode: (item: T) => unknown) {
  const from = indexAfter(args.after);
  const start =
    args.first === undefined && args.last !== undefined
      ? Math.max(from, items.length - args.last)
      : from;
  const slice = items.slice(start, start + (args.first ?? 100));
  const end = start + slice.length;
  return {
    totalCount: items.length,
    nodes: slice.map(toNode),
    edges: slice.map((item, n) => ({ cursor: cursorOf(start + n), node: toNode(item) })),
    pageInfo: {
      hasNextPage: end < items.length,
      hasPreviousPage: start > 0,
      startCursor: slice.length > 0 ? cursorOf(start) : null,
      endCursor: slice.length > 0 ? cursorOf(end - 1) : null,
    },
  };
}
