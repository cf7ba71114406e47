/**
 * Strongly connected components (Tarjan) of a directed graph given as node indexes and edge pairs.
 * Returned with 2+ members only, each sorted, in order of their smallest member, so callers get the
 * same cycles for the same graph whatever order edges arrived in. Iterative: file graphs of large
 * repositories hold chains far deeper than the call stack.
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
  const cursor = new Array<number>(count).fill(0);
  const stack: number[] = [];
  const out: number[][] = [];
  let counter = 0;
  for (let root = 0; root < count; root++) {
    if (order[root] !== -1) continue;
    const path = [root];
    order[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = true;
    while (path.length) {
      const v = path.at(-1)!;
      const w = next[v]![cursor[v]!++];
      if (w !== undefined) {
        if (order[w] === -1) {
          order[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = true;
          path.push(w);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, order[w]!);
        continue;
      }
      path.pop();
      const parent = path.at(-1);
      if (parent !== undefined) low[parent] = Math.min(low[parent]!, low[v]!);
      if (low[v] !== order[v]) continue;
      const members: number[] = [];
      let m: number;
      do {
        m = stack.pop()!;
        onStack[m] = false;
        members.push(m);
      } while (m !== v);
      if (members.length > 1) out.push(members.sort((a, b) => a - b));
    }
  }
  return out.sort((a, b) => a[0]! - b[0]!);
}
