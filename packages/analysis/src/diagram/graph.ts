/**
 * Strongly connected components (Tarjan) of a small directed graph given as node indexes and edge
 * pairs. Returned with 2+ members only, each sorted, in order of their smallest member, so callers
 * get the same cycles for the same graph whatever order edges arrived in.
 */
export function stronglyConnected(
  count: number,
  edges: ReadonlyArray<readonly [number, number]>,
): number[][] {
  const next: number[][] = Array.from({ length: count }, () => []);
  for (const [from, to] of edges) next[from]!.push(to);
  for (const list of next) list.sort((a, b) => a - b);
  const order = new Array<number>(count).fill(-1);
  const low = new Array<number>(count).fill(0);
  const onStack = new Array<boolean>(count).fill(false);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  const visit = (v: number) => {
    order[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (const w of next[v]!) {
      if (order[w] === -1) {
        visit(w);
        low[v] = Math.min(low[v]!, low[w]!);
      } else if (onStack[w]) low[v] = Math.min(low[v]!, order[w]!);
    }
    if (low[v] === order[v]) {
      const members: number[] = [];
      let w: number;
      do {
        w = stack.pop()!;
        onStack[w] = false;
        members.push(w);
      } while (w !== v);
      if (members.length > 1) out.push(members.sort((a, b) => a - b));
    }
  };
  for (let v = 0; v < count; v++) if (order[v] === -1) visit(v);
  return out.sort((a, b) => a[0]! - b[0]!);
}
