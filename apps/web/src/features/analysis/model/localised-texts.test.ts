import { diagramMermaid, type DiagramComponentNode, type ReadmeEvidence } from '@rota/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import '../i18n';
import { i18n } from '../../../lib/i18n';
import { diagramFixture } from '../../../test/analysis-fixtures';
import { diagramWords } from './diagram-words';
import { licenseConflictText } from './license-conflict';
import { evidenceWithLine } from './readme-evidence';
import { isResultOf } from './result-guards';

const EVIDENCE: ReadmeEvidence[] = [
  { kind: 'licenseNamed', license: 'MIT', line: null },
  { kind: 'licenseFile', path: 'LICENSE', license: null, line: null },
  { kind: 'codeBlock', language: 'bash', fenced: true, line: 12 },
  { kind: 'size', headings: 18, lines: 12388, line: null },
  { kind: 'quote', text: 'Installation', line: 3 },
];

async function inLanguage(language: 'tr' | 'en') {
  await i18n.changeLanguage(language);
  const t = i18n.t.bind(i18n);
  const diagram = diagramFixture();
  const first = diagram.nodes[0] as DiagramComponentNode;
  diagram.nodes.push({
    ...first,
    id: 'n_rest',
    componentKind: 'other',
    label: null,
    path: '',
    codeLines: 12388,
  });
  diagram.subgraphs.push({ id: 'g_x', label: null, nodeIds: ['x_pg'] });
  return {
    evidence: EVIDENCE.map((item) => evidenceWithLine(t, item)),
    mermaid: diagramMermaid(diagram, diagramWords(t)),
    conflict: licenseConflictText(t, {
      kind: 'declarationDiffers',
      path: 'Cargo.toml',
      license: 'MIT',
      others: ['GPL-3.0', 'Apache-2.0'],
    }),
  };
}

afterAll(() => i18n.changeLanguage('tr'));

describe('texts built from analysis codes', () => {
  it('are written in Turkish with Turkish numbers', async () => {
    const { evidence, mermaid, conflict } = await inLanguage('tr');
    expect(evidence).toEqual([
      "README'de geçen lisans: MIT",
      'LICENSE: lisans tanınamadı',
      'satır 12: kod bloğu (bash)',
      '18 başlık, 12.388 satır',
      'satır 3: Installation',
    ]);
    expect(mermaid).toContain('n_rest["#40;diğer#41; · TypeScript · 12.388 satır · Veri"]');
    expect(mermaid).toContain('subgraph g_x["Dış sistemler"]');
    expect(conflict).toBe(
      'Cargo.toml MIT lisansını belirtiyor, ancak lisans dosyasına göre lisans GPL-3.0 ve Apache-2.0',
    );
  });

  it('are written in English with English numbers', async () => {
    const { evidence, mermaid, conflict } = await inLanguage('en');
    expect(evidence).toEqual([
      'README names MIT',
      'LICENSE: license not recognised',
      'line 12: code block (bash)',
      '18 headings, 12,388 lines',
      'line 3: Installation',
    ]);
    expect(mermaid).toContain('n_rest["#40;other#41; · TypeScript · 12,388 lines · Data"]');
    expect(mermaid).toContain('subgraph g_x["External systems"]');
    expect(conflict).toBe(
      'Cargo.toml declares MIT, but the license file says GPL-3.0 and Apache-2.0',
    );
  });

  it('draws a diagram stored by engines before 1.3.0 (English labels, a stored Mermaid text) in the UI language', async () => {
    await i18n.changeLanguage('tr');
    const old = {
      ...diagramFixture(),
      mermaid: 'flowchart LR\n',
      subgraphs: [{ id: 'g_x', label: 'External systems', nodeIds: ['x_pg'] }],
    };
    old.nodes.push({
      ...(old.nodes[0] as DiagramComponentNode),
      id: 'n_rest',
      componentKind: 'other',
      label: '(other)',
      path: '',
    });
    expect(isResultOf('diagram', old)).toBe(true);
    const text = diagramMermaid(old, diagramWords(i18n.t.bind(i18n)));
    expect(text).toContain('subgraph g_x["Dış sistemler"]');
    expect(text).toContain('n_rest["#40;diğer#41;');
    expect(text).not.toMatch(/other|External/);
  });

  it('shows evidence stored by engines before 1.3.0 as it was stored', async () => {
    await i18n.changeLanguage('en');
    const old = { text: 'README names MIT', line: null } as unknown as ReadmeEvidence;
    expect(evidenceWithLine(i18n.t.bind(i18n), old)).toBe('README names MIT');
    expect(
      licenseConflictText(i18n.t.bind(i18n), 'LICENSE is MIT but no manifest declares it'),
    ).toBe('LICENSE is MIT but no manifest declares it');
  });
});
