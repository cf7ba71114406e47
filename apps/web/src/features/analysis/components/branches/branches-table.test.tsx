import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { i18n } from '../../../../lib/i18n';
import { branchAnalysisFixture, branchFixture } from '../../../../test/analysis-fixtures';
import { BranchesTable } from './branches-table';

const rows = () =>
  screen.getAllByTestId('branch-row').map((row) => within(row).getByRole('rowheader').textContent);

describe('branches table', () => {
  it('sorts when a column header is pressed, and says which way', async () => {
    render(<BranchesTable branches={branchAnalysisFixture().branches} />);
    const header = screen.getByRole('columnheader', { name: /Son commit/ });
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(rows()[0]).toBe('feature/dark-mode');

    await userEvent.click(screen.getByRole('button', { name: 'Dal' }));
    expect(screen.getByRole('columnheader', { name: /^Dal/ })).toHaveAttribute(
      'aria-sort',
      'ascending',
    );
    expect(header).not.toHaveAttribute('aria-sort');
    expect(rows()).toEqual(['feature/dark-mode', 'feature/refunds', 'fix/typo-in-readme', 'main']);
    await userEvent.click(screen.getByRole('button', { name: 'Dal' }));
    expect(rows()).toEqual(['main', 'fix/typo-in-readme', 'feature/refunds', 'feature/dark-mode']);
  });

  it('filters by state and search, with a count of what is shown', async () => {
    render(<BranchesTable branches={branchAnalysisFixture().branches} />);
    expect(screen.getByText('4 daldan 4 tanesi gösteriliyor')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'merged');
    expect(rows()).toEqual(['fix/typo-in-readme']);
    expect(
      within(screen.getByTestId('branch-row')).getByText('Birleştirilmiş'),
    ).toBeInTheDocument();
    // Merged branches are never stale: they are the "merged, not deleted" finding.
    expect(within(screen.getByTestId('branch-row')).queryByText('Bayat')).toBeNull();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Durum' }), 'all');
    await userEvent.type(screen.getByRole('searchbox', { name: 'Dallarda ara' }), 'hopper');
    expect(rows()).toEqual(['feature/refunds']);
    await userEvent.clear(screen.getByRole('searchbox', { name: 'Dallarda ara' }));
    await userEvent.type(
      screen.getByRole('searchbox', { name: 'Dallarda ara' }),
      'nothing-like-this',
    );
    expect(screen.queryAllByTestId('branch-row')).toHaveLength(0);
    expect(screen.getByText('Aramaya ve duruma uyan dal yok.')).toBeInTheDocument();
  });

  it('draws ahead and behind with their numbers', () => {
    render(<BranchesTable branches={branchAnalysisFixture().branches} />);
    const refunds = screen
      .getAllByTestId('branch-row')
      .find((row) => row.textContent?.includes('feature/refunds'))!;
    expect(refunds).toHaveTextContent('Geride: 2');
    expect(refunds).toHaveTextContent('Önde: 2');
  });

  it('marks release lines, and says why, in both languages', async () => {
    const branches = [
      branchFixture({
        name: '5.x',
        status: 'merged',
        merged: true,
        stale: false,
        releaseLine: 'name',
      }),
      branchFixture({ name: 'legacy', stale: false, releaseLine: 'version-tags' }),
      branchFixture({ name: 'idea' }),
    ];
    const { unmount } = render(<BranchesTable branches={branches} />);
    const row = (name: string) =>
      screen.getAllByTestId('branch-row').find((r) => r.textContent?.includes(name))!;
    expect(within(row('5.x')).getByText('Sürüm hattı')).toHaveAttribute(
      'title',
      'Bilerek tutulur: adına göre bir sürüm ya da bakım hattı.',
    );
    expect(within(row('legacy')).getByText('Sürüm hattı')).toBeInTheDocument();
    expect(within(row('idea')).queryByText('Sürüm hattı')).toBeNull();
    unmount();
    await i18n.changeLanguage('en');
    try {
      render(<BranchesTable branches={branches} />);
      expect(within(row('legacy')).getByText('Release line')).toHaveAttribute(
        'title',
        'Kept on purpose: it carries version tags the default branch does not reach.',
      );
    } finally {
      await i18n.changeLanguage('tr');
    }
  });
});
