import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ANALYSIS_VIEWS, type AnalysisView } from '../../api/analysis-kinds';
import { formatBytes, formatNumber, formatShare } from '../../model/format';
import type { ReportItem, ReportRepository } from '../../model/report-model';
import { lastAnalysed } from '../../model/summary/repo-status';
import { RelativeDate } from '../relative-date';
import type { RenderDetailLink } from './detail-link';

/** The figure of one analysis that a leader reads first, and the line under it. */
function useHeadline(kind: AnalysisView, item: ReportItem<AnalysisView>) {
  const { t, i18n } = useTranslation();
  const n = (value: number) => formatNumber(value, i18n.language);
  if (item.state === 'working')
    return {
      value: '—',
      hint: t('analysis.summary.analysing', { progress: n(Math.round(item.job.progress)) }),
    };
  if (item.state === 'failed') return { value: '—', hint: t('analysis.summary.failedShort') };
  if (item.state === 'unavailable')
    return { value: '—', hint: t(`analysis.report.unavailable.${item.reason}`) };
  if (kind === 'readme') {
    const { readme, communityFiles } = (item as Extract<ReportItem<'readme'>, { state: 'ready' }>)
      .result;
    return {
      value: readme.found
        ? t('analysis.summary.score', { score: n(readme.score) })
        : t('analysis.summary.noReadme'),
      hint: t('analysis.summary.communityFiles', {
        present: n(communityFiles.present),
        total: n(communityFiles.total),
      }),
    };
  }
  if (kind === 'branches') {
    const { summary } = (item as Extract<ReportItem<'branches'>, { state: 'ready' }>).result;
    return {
      value: t('analysis.summary.branchCount', {
        count: summary.total,
        formatted: n(summary.total),
      }),
      hint: t('analysis.summary.branchFigures', {
        stale: n(summary.stale),
        merged: n(summary.mergedNotDeleted.count),
        diverged: n(summary.byStatus.diverged),
      }),
    };
  }
  if (kind === 'structure') {
    const { structure } = (item as Extract<ReportItem<'structure'>, { state: 'ready' }>).result;
    const top = structure.languages
      .flatMap((language) => {
        const share = formatShare(language.byteShare ?? 0, i18n.language, 0);
        return share === null ? [] : [`${language.name} ${share}`];
      })
      .slice(0, 3);
    return {
      value: top.length > 0 ? top.join(' · ') : t('analysis.summary.noLanguages'),
      hint: t('analysis.summary.size', {
        files: n(structure.totals.files),
        lines: n(structure.totals.lines),
        size: formatBytes(structure.totals.bytes, i18n.language),
      }),
      long: true,
    };
  }
  const diagram = (item as Extract<ReportItem<'diagram'>, { state: 'ready' }>).result;
  return {
    value: t('analysis.summary.cycleCount', {
      count: diagram.cycles.length,
      formatted: n(diagram.cycles.length),
    }),
    hint: t('analysis.summary.components', {
      count: diagram.nodes.length,
      formatted: n(diagram.nodes.length),
    }),
  };
}

function HeadlineTile({
  kind,
  item,
  index,
  renderLink,
}: {
  kind: AnalysisView;
  item: ReportItem<AnalysisView>;
  index: number;
  renderLink: RenderDetailLink;
}) {
  const { t } = useTranslation();
  const { value, hint, long } = useHeadline(kind, item);
  return (
    <div
      className="flex min-w-0 flex-col gap-1 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-800 dark:bg-slate-900"
      data-testid={`headline-${kind}`}
    >
      <dt className="text-xs font-medium text-slate-600 dark:text-slate-400">
        {renderLink({ view: kind, index }, t(`analysis.summary.titles.${kind}`))}
      </dt>
      <dd
        className={
          long
            ? 'text-base font-semibold wrap-anywhere'
            : 'text-2xl font-semibold wrap-anywhere tabular-nums'
        }
      >
        {value}
      </dd>
      <dd className="text-xs wrap-anywhere text-slate-600 dark:text-slate-400">{hint}</dd>
    </div>
  );
}

/** One repository's four headlines, each linking to its analysis, and when it was last analysed. */
export function RepoHeadline({
  repository,
  index,
  renderLink,
  children,
}: {
  repository: ReportRepository;
  index: number;
  renderLink: RenderDetailLink;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const last = lastAnalysed(repository);
  return (
    <div className="flex flex-col gap-3">
      {children}
      <dl className="grid grid-cols-1 gap-3 min-[480px]:grid-cols-2 xl:grid-cols-4">
        {ANALYSIS_VIEWS.map((kind) => (
          <HeadlineTile
            key={kind}
            kind={kind}
            item={repository.items[kind]}
            index={index}
            renderLink={renderLink}
          />
        ))}
      </dl>
      <p className="text-xs text-slate-600 dark:text-slate-400" data-testid="last-analysed">
        {last ? (
          <>
            {t('analysis.summary.lastAnalysed')} <RelativeDate value={last} />
          </>
        ) : (
          t('analysis.summary.neverAnalysed')
        )}
      </p>
    </div>
  );
}
