import type { BranchAnalysis } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '../../../../lib/format';
import { BranchBadges } from '../branches/branch-badges';
import { BranchName } from '../branches/branch-name';
import { BranchSummary } from '../branches/branch-summary';

const th =
  'px-2 py-1.5 text-left text-xs font-semibold text-slate-700 uppercase dark:text-slate-300';
const td = 'px-2 py-1.5 align-top';

/** Branches on paper: the summary, then every branch in a plain table (no paging, no filters). */
export function ReportBranches({ analysis }: { analysis: BranchAnalysis }) {
  const { t, i18n } = useTranslation();
  return (
    <div className="flex flex-col gap-4">
      <BranchSummary analysis={analysis} />
      {/* Its own scroll box on a narrow screen (focusable, so a keyboard can scroll it too). */}
      <div
        className="relative overflow-x-auto print:overflow-visible"
        role="region"
        // Named apart from the section (also "Branches"): two landmarks with one name confuse.
        aria-label={`${t('analysis.branches.tableTitle')} (${analysis.branches.length})`}
        tabIndex={0}
      >
        <table className="w-full min-w-[40rem] text-sm print:min-w-0">
          <caption className="sr-only">{t('analysis.branches.tableTitle')}</caption>
          <thead>
            <tr className="border-b border-slate-200 dark:border-slate-800">
              {['name', 'state', 'behind', 'ahead', 'lastCommit', 'author', 'subject'].map(
                (key) => (
                  <th key={key} scope="col" className={th}>
                    {t(`analysis.branches.columns.${key}`)}
                  </th>
                ),
              )}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
            {analysis.branches.map((branch) => (
              <tr key={branch.ref} className="break-inside-avoid">
                <th scope="row" translate="no" className={`${td} text-left text-xs font-medium`}>
                  <BranchName name={branch.name} className="max-w-[14rem]" />
                </th>
                <td className={td}>
                  <BranchBadges branch={branch} />
                </td>
                <td className={`${td} text-right tabular-nums`}>
                  {formatNumber(branch.behind, i18n.language)}
                </td>
                <td className={`${td} text-right tabular-nums`}>
                  {formatNumber(branch.ahead, i18n.language)}
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {formatDateTime(branch.lastCommitDate, i18n.language)}
                </td>
                {/* Names and commit messages are the repository's own words. */}
                <td className={td} translate="no">
                  {branch.author.name}
                </td>
                <td className={`${td} wrap-anywhere`} translate="no">
                  {branch.subject}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
