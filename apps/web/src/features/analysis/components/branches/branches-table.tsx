import type { Branch } from '@rota/contracts';
import { Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../../components/ui/button';
import { Field, SelectField } from '../../../../components/ui/field';
import {
  BRANCH_FILTERS,
  DEFAULT_BRANCH_TABLE,
  firstDirection,
  visibleBranches,
  type BranchSortKey,
  type BranchTableState,
} from '../../model/branch-table';
import { RelativeDate } from '../relative-date';
import { ariaSort, SortButton } from '../sort-button';
import { AheadBehindBar } from './ahead-behind-bar';
import { BranchBadges } from './branch-badges';
import { BranchName } from './branch-name';

/** Thousands of branches stay fast: rows come in pages of this many. */
const PAGE = 100;
const th = 'px-3 py-2 text-left text-xs font-semibold text-slate-700 dark:text-slate-300';
const td = 'px-3 py-2 align-top';

export function BranchesTable({ branches }: { branches: readonly Branch[] }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<BranchTableState>(DEFAULT_BRANCH_TABLE);
  const [limit, setLimit] = useState(PAGE);
  const rows = useMemo(
    () => visibleBranches(branches, state, i18n.language),
    [branches, state, i18n.language],
  );
  const max = Math.max(0, ...branches.map((branch) => Math.max(branch.ahead, branch.behind)));
  const update = (patch: Partial<BranchTableState>) => {
    setState((current) => ({ ...current, ...patch }));
    setLimit(PAGE);
  };
  const sortBy = (key: BranchSortKey) =>
    update({
      sort: key,
      direction:
        state.sort === key ? (state.direction === 'asc' ? 'desc' : 'asc') : firstDirection(key),
    });
  const header = (key: BranchSortKey, label: string) => (
    <SortButton
      label={label}
      active={state.sort === key}
      direction={state.direction}
      onClick={() => sortBy(key)}
    />
  );

  return (
    <section className="flex flex-col gap-3">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="branches-table-title" className="mr-auto text-lg font-semibold">
          {t('analysis.branches.tableTitle')}
        </h2>
        <div className="relative w-full sm:w-64">
          <Field
            type="search"
            label={t('analysis.branches.search')}
            placeholder={t('analysis.branches.searchPlaceholder')}
            value={state.search}
            onChange={(event) => update({ search: event.target.value })}
          />
          <Search
            className="pointer-events-none absolute right-3 bottom-3 size-4 text-slate-500"
            aria-hidden="true"
          />
        </div>
        <SelectField
          label={t('analysis.branches.filter')}
          value={state.filter}
          onChange={(event) => update({ filter: event.target.value as BranchTableState['filter'] })}
          className="w-full sm:w-48"
        >
          {BRANCH_FILTERS.map((filter) => (
            <option key={filter} value={filter}>
              {t(`analysis.branches.filters.${filter}`)}
            </option>
          ))}
        </SelectField>
      </div>
      <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
        {t('analysis.branches.showing', { shown: rows.length, total: branches.length })}
      </p>
      <div
        className="relative overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800"
        role="region"
        aria-labelledby="branches-table-title"
        tabIndex={0}
      >
        <table
          className="w-full min-w-[56rem] border-collapse text-sm"
          data-testid="branches-table"
        >
          <thead className="bg-slate-50 dark:bg-slate-900">
            <tr>
              <th
                scope="col"
                className={th}
                aria-sort={ariaSort(state.sort === 'name', state.direction)}
              >
                {header('name', t('analysis.branches.columns.name'))}
              </th>
              <th
                scope="col"
                className={th}
                aria-sort={ariaSort(state.sort === 'status', state.direction)}
              >
                {header('status', t('analysis.branches.columns.state'))}
              </th>
              <th
                scope="col"
                className={th}
                aria-sort={ariaSort(
                  state.sort === 'behind' || state.sort === 'ahead',
                  state.direction,
                )}
              >
                <span className="flex justify-center gap-4">
                  {header('behind', t('analysis.branches.columns.behind'))}
                  {header('ahead', t('analysis.branches.columns.ahead'))}
                </span>
              </th>
              <th
                scope="col"
                className={th}
                aria-sort={ariaSort(state.sort === 'lastCommitDate', state.direction)}
              >
                {header('lastCommitDate', t('analysis.branches.columns.lastCommit'))}
              </th>
              <th
                scope="col"
                className={th}
                aria-sort={ariaSort(state.sort === 'author', state.direction)}
              >
                {header('author', t('analysis.branches.columns.author'))}
              </th>
              <th scope="col" className={th}>
                {t('analysis.branches.columns.subject')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-800 dark:bg-slate-950">
            {rows.slice(0, limit).map((branch) => (
              <tr key={branch.ref} data-testid="branch-row">
                <th scope="row" className={`${td} text-left font-medium`}>
                  <BranchName name={branch.name} className="max-w-[16rem]" />
                </th>
                <td className={td}>
                  <BranchBadges branch={branch} />
                </td>
                <td className={td}>
                  <AheadBehindBar ahead={branch.ahead} behind={branch.behind} max={max} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  <RelativeDate value={branch.lastCommitDate} />
                </td>
                <td className={td}>{branch.author.name}</td>
                <td className={`${td} max-w-md wrap-anywhere text-slate-700 dark:text-slate-300`}>
                  {branch.subject}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {rows.length === 0 && (
          <p className="p-4 text-center text-sm text-slate-600 dark:text-slate-400">
            {t('analysis.branches.noMatches')}
          </p>
        )}
      </div>
      {rows.length > limit && (
        <Button variant="secondary" className="self-center" onClick={() => setLimit(limit + PAGE)}>
          {t('analysis.branches.showMore', { count: Math.min(PAGE, rows.length - limit) })}
        </Button>
      )}
    </section>
  );
}
