import { componentName, diagramMermaid, type TechnicalDiagram } from '@rota/contracts';
import { FRAMEWORK_CATEGORIES, STRUCTURE_CATEGORIES } from './enums';
import type { StructureResult } from '../api/analysis-kinds';
import { formatBytes, formatNumber, formatShare } from '../../../lib/format';
import { diagramWords } from './diagram-words';
import { blocks, code, table, type MarkdownContext } from './markdown-text';

export function structureMarkdown(
  { structure, composition }: StructureResult,
  { t, locale }: MarkdownContext,
): string {
  const n = (value: number) => formatNumber(value, locale);
  // A language outside the shares says so; a zero share is left blank (lib/format's formatShare).
  const share = (value: number | null) =>
    value === null ? t('analysis.structure.notCounted') : (formatShare(value, locale) ?? '');
  const { totals, categories } = structure;
  const { tests, license } = composition;
  const totalKeys = ['files', 'size', 'lines', 'code', 'comment', 'blank'] as const;
  const frameworks = FRAMEWORK_CATEGORIES.map(
    (category) =>
      [
        category,
        composition.frameworks.filter((framework) => framework.category === category),
      ] as const,
  )
    .filter(([, items]) => items.length > 0)
    .map(
      ([category, items]) =>
        `- **${t(`analysis.structure.frameworkCategories.${category}`)}:** ${items.map((item) => (item.version ? `${item.name} ${item.version}` : item.name)).join(', ')}`,
    )
    .join('\n');
  const ratio =
    tests.ratio === null
      ? `${t('analysis.structure.notComputed')}${tests.ratioUnavailable ? ` (${t(`analysis.structure.ratioUnavailable.${tests.ratioUnavailable}`)})` : ''}`
      : formatNumber(tests.ratio, locale, 2);
  return blocks(
    `#### ${t('analysis.structure.totalsTitle')}`,
    table(
      totalKeys.map((key) => t(`analysis.structure.totals.${key}`)),
      [
        [
          n(totals.files),
          formatBytes(totals.bytes, locale),
          n(totals.lines),
          n(totals.code),
          n(totals.comment),
          n(totals.blank),
        ],
      ],
    ),
    table(
      ['category', 'files', 'size', 'lines'].map((key) => t(`analysis.structure.columns.${key}`)),
      STRUCTURE_CATEGORIES.map((category) => [
        t(`analysis.structure.categories.${category}`),
        n(categories[category].files),
        formatBytes(categories[category].bytes, locale),
        n(categories[category].lines),
      ]),
    ),
    `#### ${t('analysis.structure.languagesTitle')}`,
    table(
      ['language', 'files', 'size', 'code', 'byteShare', 'codeShare'].map((key) =>
        t(`analysis.structure.columns.${key}`),
      ),
      structure.languages.map((language) => [
        language.name,
        n(language.files),
        formatBytes(language.bytes, locale),
        n(language.code),
        share(language.byteShare),
        share(language.codeShare),
      ]),
    ) || t('analysis.structure.noLanguages'),
    `#### ${t('analysis.structure.frameworksTitle')}`,
    frameworks || t('analysis.structure.noFrameworks'),
    `#### ${t('analysis.structure.keyFilesTitle')}`,
    [
      `- **${t('analysis.structure.manifests')}:** ${composition.manifests.map((manifest) => code(manifest.path)).join(', ') || t('analysis.structure.noneFound')}`,
      `- **${t('analysis.structure.license')}:** ${license.spdxId ?? t('analysis.structure.unknownLicense')} (${t(`analysis.structure.licenseAgreement.${license.agreement}`)})${license.files.length ? ` · ${license.files.map((file) => code(file.path)).join(', ')}` : ''}`,
      `- **${t('analysis.structure.entryPoints')}:** ${composition.entryPoints.map((entry) => code(entry.path ?? entry.command ?? entry.name ?? entry.kind)).join(', ') || t('analysis.structure.noneFound')}`,
      `- **${t('analysis.structure.docsFolders')}:** ${composition.docs.map((docs) => code(`${docs.path}/`)).join(', ') || t('analysis.structure.noneFound')}`,
      `- **${t('analysis.structure.ci')}:** ${
        composition.manifests
          .filter((manifest) => manifest.ecosystem === 'ci')
          .map((manifest) => code(manifest.path))
          .join(', ') || t('analysis.structure.noCi')
      }`,
    ].join('\n'),
    `#### ${t('analysis.structure.testsTitle')}`,
    `${t('analysis.structure.testFiles')}: ${n(tests.files)} · ${t('analysis.structure.testCodeLines')}: ${tests.testCodeLines === null ? t('analysis.structure.notComputed') : n(tests.testCodeLines)} · ${t('analysis.structure.codeLines')}: ${tests.codeLines === null ? t('analysis.structure.notComputed') : n(tests.codeLines)} · ${t('analysis.structure.testRatio')}: ${ratio}`,
    `#### ${t('analysis.structure.directoriesTitle')}`,
    table(
      ['path', 'files', 'size', 'code'].map((key) => t(`analysis.structure.columns.${key}`)),
      structure.directories.map((dir) => [
        dir.path === '' ? '/' : `${dir.path}/`,
        n(dir.files),
        formatBytes(dir.bytes, locale),
        n(dir.code),
      ]),
    ),
    `#### ${t('analysis.structure.largestTitle')}`,
    table(
      ['path', 'language', 'category', 'size', 'lines'].map((key) =>
        t(`analysis.structure.columns.${key}`),
      ),
      structure.largestFiles.map((file) => [
        file.path,
        file.language ?? '—',
        t(`analysis.structure.categories.${file.category}`),
        formatBytes(file.bytes, locale),
        file.lines === null ? '—' : n(file.lines),
      ]),
    ),
  );
}

export function diagramMarkdown(diagram: TechnicalDiagram, { t, locale }: MarkdownContext): string {
  const words = diagramWords(t);
  const label = new Map(
    diagram.nodes.map((node) => [
      node.id,
      node.kind === 'component' ? node.path || componentName(node, words) : node.label,
    ]),
  );
  const components = diagram.nodes.flatMap((node) => (node.kind === 'component' ? [node] : []));
  const externals = diagram.nodes.flatMap((node) => (node.kind === 'external' ? [node] : []));
  return blocks(
    t('analysis.diagram.stats', {
      components: components.length,
      externals: externals.length,
      edges: diagram.edges.length,
      scanned: diagram.stats.filesScanned,
      total: diagram.stats.filesTotal,
    }),
    `\`\`\`mermaid\n${diagramMermaid(diagram, words).trimEnd()}\n\`\`\``,
    table(
      ['component', 'role', 'language', 'files', 'codeLines', 'frameworks'].map((key) =>
        t(`analysis.diagram.columns.${key}`),
      ),
      components.map((node) => [
        node.path ? `${componentName(node, words)} (${node.path})` : componentName(node, words),
        t(`analysis.diagram.roles.${node.role}`),
        node.language ?? '—',
        formatNumber(node.files, locale),
        node.codeLines === null ? '—' : formatNumber(node.codeLines, locale),
        node.frameworks.join(', ') || '—',
      ]),
    ),
    externals.length > 0 &&
      `**${t('analysis.diagram.externalsTitle')}:** ${externals.map((node) => `${node.label} (${t(`analysis.diagram.externalCategories.${node.category}`)})`).join(', ')}`,
    `**${t('analysis.diagram.cyclesTitle', { count: diagram.cycles.length })}:** ${
      diagram.cycles.length === 0
        ? t('analysis.diagram.noCycles')
        : diagram.cycles
            .map((cycle) => [...cycle, cycle[0]].map((id) => label.get(id ?? '') ?? id).join(' → '))
            .join('; ')
    }`,
  );
}
