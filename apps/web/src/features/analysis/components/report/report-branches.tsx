import type { BranchAnalysis } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../../lib/relative-time';
import { BranchBadges } from '../branches/branch-badges';
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
      <div className="overflow-x-auto print:overflow-visible">
        <table className="w-full text-sm">
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
                <th
                  scope="row"
                  className={`${td} text-left font-mono text-xs font-medium break-all`}
                >
                  {branch.name}
                </th>
                <td className={td}>
                  <BranchBadges branch={branch} />
                </td>
                <td className={`${td} text-right tabular-nums`}>{branch.behind}</td>
                <td className={`${td} text-right tabular-nums`}>{branch.ahead}</td>
                <td className={`${td} whitespace-nowrap`}>
                  {formatDateTime(branch.lastCommitDate, i18n.language)}
                </td>
                <td className={td}>{branch.author.name}</td>
                <td className={`${td} break-words`}>{branch.subject}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
