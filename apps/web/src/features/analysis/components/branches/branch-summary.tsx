import type { BranchAnalysis } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { RelativeDate } from '../relative-date';
import { SectionCard, StatTile } from '../stat-tile';
import { BranchName } from './branch-name';

const list = 'flex flex-col gap-1.5 text-sm';
const empty = 'text-sm text-slate-600 dark:text-slate-400';

/** Totals per state, then the branches that need a look: stalest, most diverged, merged but kept. */
export function BranchSummary({ analysis }: { analysis: BranchAnalysis }) {
  const { t } = useTranslation();
  const { summary } = analysis;
  const tiles: Array<[string, number]> = [
    ['total', summary.total],
    ['default', summary.byStatus.default],
    ['ahead', summary.byStatus.ahead],
    ['diverged', summary.byStatus.diverged],
    ['merged', summary.byStatus.merged],
    ['stale', summary.stale],
    ['active', summary.active],
    // Results of engines before 1.5.0 did not mark release lines.
    ['releaseLines', summary.releaseLines?.count ?? 0],
  ];
  return (
    <div className="flex flex-col gap-4">
      <dl
        className="grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-8"
        data-testid="branch-totals"
      >
        {tiles.map(([key, value]) => (
          <StatTile key={key} label={t(`analysis.branches.totals.${key}`)} value={value} />
        ))}
      </dl>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {analysis.defaultBranch
          ? t('analysis.branches.defaultIs', { name: analysis.defaultBranch.name })
          : t('analysis.branches.noDefault')}{' '}
        {t('analysis.branches.staleRule', { days: analysis.staleDays })}
        {analysis.shallow && ` ${t('analysis.branches.shallow')}`}
      </p>
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-3">
        <SectionCard id="branches-stalest" title={t('analysis.branches.stalest')}>
          {summary.stalest.length === 0 ? (
            <p className={empty}>{t('analysis.branches.none')}</p>
          ) : (
            <ol className={list}>
              {summary.stalest.map((branch) => (
                <li key={branch.name} className="flex justify-between gap-2">
                  <BranchName name={branch.name} />
                  <span className="shrink-0 text-slate-600 dark:text-slate-400">
                    <RelativeDate value={branch.lastCommitDate} />
                  </span>
                </li>
              ))}
            </ol>
          )}
        </SectionCard>
        <SectionCard id="branches-diverged" title={t('analysis.branches.mostDiverged')}>
          {summary.mostDiverged.length === 0 ? (
            <p className={empty}>{t('analysis.branches.none')}</p>
          ) : (
            <ol className={list}>
              {summary.mostDiverged.map((branch) => (
                <li key={branch.name} className="flex justify-between gap-2">
                  <BranchName name={branch.name} />
                  <span className="shrink-0 text-slate-600 tabular-nums dark:text-slate-400">
                    {t('analysis.branches.aheadBehindShort', {
                      ahead: branch.ahead,
                      behind: branch.behind,
                    })}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </SectionCard>
        <SectionCard
          id="branches-merged"
          title={t('analysis.branches.mergedNotDeleted', { count: summary.mergedNotDeleted.count })}
        >
          {summary.mergedNotDeleted.count === 0 ? (
            <p className={empty}>{t('analysis.branches.none')}</p>
          ) : (
            <>
              <p className={empty}>{t('analysis.branches.mergedHint')}</p>
              <ul className={list}>
                {summary.mergedNotDeleted.branches.map((branch) => (
                  <li key={branch.name} className="flex justify-between gap-2">
                    <BranchName name={branch.name} />
                    <span className="shrink-0 text-slate-600 dark:text-slate-400">
                      <RelativeDate value={branch.lastCommitDate} />
                    </span>
                  </li>
                ))}
              </ul>
            </>
          )}
        </SectionCard>
      </div>
    </div>
  );
}
