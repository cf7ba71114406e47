/**
 * Diagrams are drawn when they come near the screen (Mermaid's chunks and its
 * long drawing task stay off a report's first seconds), but a printed report needs every one
 * of them. Each diagram not drawn yet waits here, so printing can draw them all and wait.
 */
interface Waiting {
  draw: () => void;
  drawn: Promise<void>;
}

const waiting = new Set<Waiting>();

/**
 * Registers a diagram that is not drawn yet: `draw` starts drawing it; the diagram calls `leave`
 * once drawn (or failed), or when it goes away.
 */
export function waitToDraw(draw: () => void): { leave: () => void } {
  let settle = () => {};
  const entry: Waiting = { draw, drawn: new Promise<void>((resolve) => (settle = resolve)) };
  waiting.add(entry);
  return {
    leave: () => {
      waiting.delete(entry);
      settle();
    },
  };
}

/** Draws every diagram still waiting and resolves when each is drawn or has failed. */
export async function drawAllDiagrams(): Promise<void> {
  const entries = [...waiting];
  for (const entry of entries) entry.draw();
  await Promise.all(entries.map((entry) => entry.drawn));
}
