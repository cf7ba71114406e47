import { diagramMermaid, escapeLabel, TechnicalDiagramSchema } from '@rota/contracts';
import { describe, expect, it } from 'vitest';
import { diagramFor } from '../test-support.js';
import { ENGLISH_DIAGRAM_WORDS } from '../../cli/english-words.js';
import { stableId } from './ids.js';

const HOSTILE = [
  'quote"break',
  'bracket]x',
  'arrow-->y',
  'click x call alert()',
  '%%{init: {"securityLevel":"loose"}}%%',
  '<img src=x onerror=alert(1)>',
  'new\nline',
  '`tick`',
  'end',
  'semi;colon|pipe',
  '#35;entity&amp;',
  'ünïcødé 😀 \u202Eevil',
  '{curly}(paren)',
];

/** Every line the renderer may write; anything else means a name escaped its label. */
const LABEL = '"([^"]*)"';
const LINE_GRAMMAR = [
  /^flowchart LR$/,
  new RegExp(`^  subgraph g_[A-Za-z0-9_]+\\[${LABEL}\\]$`),
  /^ {2}end$/,
  new RegExp(
    `^ {2,4}[nx]_[A-Za-z0-9_]+(?:\\[${LABEL}\\]|\\[\\(${LABEL}\\)\\]|\\(\\[${LABEL}\\]\\))$`,
  ),
  /^ {2}[nx]_[A-Za-z0-9_]+ (?:-->|==>|-\.->)\|\d+\| [nx]_[A-Za-z0-9_]+$/,
  /^ {2}classDef (?:cycle stroke:#d9534f,stroke-width:2px|external stroke-dasharray:4 3)$/,
  /^ {2}class [nx]_[A-Za-z0-9_]+(?:,[nx]_[A-Za-z0-9_]+)* (?:cycle|external)$/,
];
/** What a label may contain once entity codes are taken out. */
const LABEL_CHARS = /^[\p{L}\p{N} ._\-/,:@+·…]*$/u;

describe('Mermaid output safety', () => {
  it('escapes labels to an allow-list and entity codes', () => {
    expect(escapeLabel('a"b<c>%%`\n')).toBe('a#34;b#60;c#62;#37;#37;#96; ');
    expect(escapeLabel('x'.repeat(100))).toBe('x'.repeat(59) + '#8230;');
    expect(stableId('n', 'click')).toMatch(/^n_click_[0-9a-f]{8}$/);
    expect(stableId('n', '%%{}')).toMatch(/^n_[0-9a-f]{8}$/);
  });

  it('keeps hostile file, folder and package names inside their labels', async () => {
    const files: Record<string, string> = {
      'package.json': JSON.stringify({ workspaces: ['pkgs/*'] }),
      'pkgs/evil/package.json': JSON.stringify({
        name: '"]; click n_x call alert(1); %%{init:{}}%% <b>',
      }),
      'pkgs/evil/index.ts': "export const x = 1;\nimport pg from 'pg';",
    };
    HOSTILE.forEach((name, k) => {
      files[`${name}/f${k}.ts`] =
        `import { x } from '"]; click n_x call alert(1); %%{init:{}}%% <b>';\nexport const y${k} = 1;`;
    });
    files['main.ts'] = HOSTILE.map(
      (name, k) => `import './${name.replace(/\n/g, '\\n')}/f${k}';`,
    ).join('\n');
    const diagram = await diagramFor(files, { maxNodes: 40 });

    expect(TechnicalDiagramSchema.parse(diagram)).toEqual(diagram);
    const labels = new Set(diagram.nodes.map((n) => n.label));
    for (const name of HOSTILE) expect(labels.has(name)).toBe(true);
    expect(labels.has('"]; click n_x call alert(1); %%{init:{}}%% <b>')).toBe(true);
    // main.ts imports every hostile folder, and every folder imports the hostile package by name.
    expect(diagram.edges.filter((e) => e.kind === 'imports').length).toBe(2 * HOSTILE.length);

    const text = diagramMermaid(diagram, ENGLISH_DIAGRAM_WORDS);
    for (const line of text.trimEnd().split('\n')) {
      expect(
        LINE_GRAMMAR.some((re) => re.test(line)),
        line,
      ).toBe(true);
    }
    for (const m of text.matchAll(/"([^"]*)"/g)) {
      expect(m[1]!.replace(/#\d+;/g, ''), m[1]).toMatch(LABEL_CHARS);
    }
    // Names made only of safe characters ('end') may show as they are, inside quotes; every other
    // hostile name must not appear raw anywhere, nor any of its dangerous fragments.
    for (const raw of [
      ...HOSTILE.filter((name) => !LABEL_CHARS.test(name)),
      '%%',
      '<img',
      '<b>',
      'alert(',
      '"]; click',
      'onerror=alert',
      'arrow-->',
      '`',
      '\u202E',
    ]) {
      expect(text.includes(raw), raw).toBe(false);
    }
    expect(text.split('\n').some((line) => /^\s*(?:click|style|linkStyle|%%)/.test(line))).toBe(
      false,
    );
  });
});
