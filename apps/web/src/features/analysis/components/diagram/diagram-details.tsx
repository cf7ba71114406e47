import {
  componentName,
  type DiagramComponentNode,
  type DiagramExternalNode,
  type TechnicalDiagram,
} from '@rota/contracts';
import { RefreshCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../../components/ui/badge';
import { formatNumber } from '../../../../lib/format';
import { diagramWords } from '../../model/diagram-words';
import { useHeadingTags } from '../id-scope';
import { SectionCard } from '../stat-tile';

const th = 'px-3 py-2 text-left text-xs font-semibold text-slate-700 uppercase dark:text-slate-300';

/** The cycles between components, each as the chain of names. */
export function DiagramCycles({ diagram }: { diagram: TechnicalDiagram }) {
  const { t } = useTranslation();
  const words = diagramWords(t);
  const label = new Map(
    diagram.nodes.map((node) => [
      node.id,
      node.kind === 'component' ? node.path || componentName(node, words) : node.label,
    ]),
  );
  return (
    <SectionCard
      id="diagram-cycles"
      title={t('analysis.diagram.cyclesTitle', { count: diagram.cycles.length })}
    >
      {diagram.cycles.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {t('analysis.diagram.noCycles')}
        </p>
      ) : (
        <ul className="flex flex-col gap-1.5 text-sm" data-testid="diagram-cycles">
          {diagram.cycles.map((cycle) => (
            <li key={cycle.join()} className="flex items-start gap-2">
              <RefreshCcw
                className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400"
                aria-hidden="true"
              />
              <span className="font-mono text-xs break-all">
                {[...cycle, cycle[0]].map((id) => label.get(id ?? '') ?? id).join(' → ')}
              </span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** The diagram's nodes as a table: the accessible reading of the picture, and more detail than it shows. */
export function DiagramComponents({ diagram }: { diagram: TechnicalDiagram }) {
  const { t, i18n } = useTranslation();
  const components = diagram.nodes.filter(
    (node): node is DiagramComponentNode => node.kind === 'component',
  );
  const externals = diagram.nodes.filter(
    (node): node is DiagramExternalNode => node.kind === 'external',
  );
  const { stats } = diagram;
  const Sub = useHeadingTags().sub;
  const words = diagramWords(t);
  return (
    <SectionCard id="diagram-components" title={t('analysis.diagram.componentsTitle')}>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('analysis.diagram.stats', {
          components: components.length,
          externals: externals.length,
          edges: diagram.edges.length,
          scanned: stats.filesScanned,
          total: stats.filesTotal,
        })}
        {stats.truncated && ` ${t('analysis.diagram.truncated')}`}
        {stats.componentsMerged > 0 &&
          ` ${t('analysis.diagram.merged', { count: stats.componentsMerged })}`}
      </p>
      <div className="relative overflow-x-auto" tabIndex={0}>
        <table className="w-full min-w-[40rem] text-sm" data-testid="diagram-components-table">
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              <th scope="col" className={th}>
                {t('analysis.diagram.columns.component')}
              </th>
              <th scope="col" className={th}>
                {t('analysis.diagram.columns.role')}
              </th>
              <th scope="col" className={th}>
                {t('analysis.diagram.columns.language')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('analysis.diagram.columns.files')}
              </th>
              <th scope="col" className={`${th} text-right`}>
                {t('analysis.diagram.columns.codeLines')}
              </th>
              <th scope="col" className={th}>
                {t('analysis.diagram.columns.frameworks')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {components.map((node) => (
              <tr key={node.id}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {componentName(node, words)}
                  {node.path && (
                    <span className="ml-2 font-mono text-xs font-normal text-slate-600 dark:text-slate-400">
                      {node.path}
                    </span>
                  )}
                  {node.inCycle && (
                    <Badge tone="red" className="ml-2">
                      {t('analysis.diagram.inCycle')}
                    </Badge>
                  )}
                </th>
                <td className="px-3 py-2">{t(`analysis.diagram.roles.${node.role}`)}</td>
                <td className="px-3 py-2">{node.language ?? '—'}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {formatNumber(node.files, i18n.language)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {node.codeLines === null ? '—' : formatNumber(node.codeLines, i18n.language)}
                </td>
                <td className="px-3 py-2">{node.frameworks.join(', ') || '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {externals.length > 0 && (
        <div className="flex flex-col gap-1">
          <Sub className="text-sm font-semibold">{t('analysis.diagram.externalsTitle')}</Sub>
          <ul className="flex flex-col gap-1 text-sm">
            {externals.map((node) => (
              <li key={node.id}>
                <span className="font-medium">{node.label}</span>{' '}
                <span className="text-slate-600 dark:text-slate-400">
                  {t(`analysis.diagram.externalCategories.${node.category}`)} ·{' '}
                  {node.evidence
                    .map((evidence) => `${evidence.value} (${evidence.path})`)
                    .join(', ')}
                </span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </SectionCard>
  );
}
