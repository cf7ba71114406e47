import type { Mermaid } from 'mermaid';

let loading: Promise<Mermaid> | undefined;
// Mermaid's configuration is global: renders run one after another so each gets its own theme.
let queue: Promise<unknown> = Promise.resolve();
let sequence = 0;

/** Mermaid is large: it is fetched only when a diagram is first drawn, never with the page. */
export function loadMermaid(): Promise<Mermaid> {
  loading ??= import('mermaid').then(
    (module) => module.default,
    (error: unknown) => {
      loading = undefined; // a failed chunk load may succeed on the next try
      throw error;
    },
  );
  return loading;
}

export type DiagramTheme = 'light' | 'dark';

// Characters the diagram engine writes as entity codes (`#40;`) that are harmless raw inside a
// quoted Mermaid label. Not quotes, `#`, `%`, `&`, `<`, `>` or backticks: those could end the label,
// start a comment, an entity, markup or a Markdown string.
const PLAIN_IN_LABEL = new Set([..."()[]{}!?=*~|'"]);

/**
 * With labels drawn as SVG text, Mermaid does not decode entity codes (it shows "&#40;"), and it
 * may wrap a label in the middle of one, so the source's quoted labels get their harmless codes
 * back as characters before drawing. The text shown as "source" stays the server's.
 */
export function plainLabels(source: string): string {
  return source.replace(/"[^"\n]*"/g, (label) =>
    label.replace(/#(\d+);/g, (code, digits: string) => {
      const char = String.fromCodePoint(Number(digits));
      return PLAIN_IN_LABEL.has(char) ? char : code;
    }),
  );
}

/**
 * Renders Mermaid text to an SVG string. `securityLevel: 'strict'` (labels are text, no clicks,
 * output sanitised by Mermaid's DOMPurify); labels drawn as SVG text rather than HTML in
 * foreignObject, so the SVG exports cleanly and can be painted onto a canvas for PNG.
 */
export function renderMermaid(source: string, theme: DiagramTheme): Promise<string> {
  const run = async () => {
    const mermaid = await loadMermaid();
    mermaid.initialize({
      startOnLoad: false,
      securityLevel: 'strict',
      theme: theme === 'dark' ? 'dark' : 'default',
      // Dagre (17 KB), named rather than left to the default: Mermaid 12 makes ELK the default,
      // whose chunk is 1.5 MB (351 KB brotli), four fifths of the full report's JavaScript.
      layout: 'dagre',
      htmlLabels: false,
      flowchart: { htmlLabels: false, useMaxWidth: false },
      fontFamily: 'ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
      suppressErrorRendering: true,
      maxTextSize: 2_000_000,
      maxEdges: 5000,
    });
    sequence += 1;
    const { svg } = await mermaid.render(`rota-mermaid-${sequence}`, plainLabels(source));
    return svg;
  };
  const result = queue.then(run, run);
  queue = result.catch(() => undefined);
  return result;
}
