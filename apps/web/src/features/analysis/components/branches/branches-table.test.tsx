import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import '../../i18n';
import { branchAnalysisFixture } from '../../../../test/analysis-fixtures';
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
    expect(within(screen.getByTestId('branch-row')).getByText('Bayat')).toBeInTheDocument();

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
});
