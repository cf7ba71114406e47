import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../lib/i18n';
import { renderRoutes } from '../../test/render';
import { PeriodPicker, usePeriodParam } from './period-picker';

function PickerPage() {
  const { period, setPeriod } = usePeriodParam();
  const location = useLocation();
  return (
    <>
      <PeriodPicker value={period} onChange={setPeriod} timeZone="Europe/Istanbul" />
      <output data-testid="search">{location.search}</output>
    </>
  );
}

const renderPicker = (path = '/page') =>
  renderRoutes([{ path: '/page', element: <PickerPage /> }], path);

const select = (name = 'Dönem') => screen.getByRole('combobox', { name });

afterEach(() => {
  vi.useRealTimers();
});

describe('period picker', () => {
  it('opens on the period a link carries: a preset, or a custom range with its days filled in', () => {
    const first = renderPicker('/page?days=180');
    expect(select()).toHaveDisplayValue('Son 180 gün');
    first.unmount();

    renderPicker('/page?from=2026-03-05&to=2026-04-10');
    expect(select()).toHaveDisplayValue('Özel aralık');
    expect(screen.getByLabelText('Başlangıç')).toHaveValue('2026-03-05');
    expect(screen.getByLabelText('Bitiş')).toHaveValue('2026-04-10');
  });

  it('offers this quarter and the four before it across a year boundary, and writes the choice into the address', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 15 January 2027 in Istanbul: this quarter is 2027's first, the last four reach into 2026.
    vi.setSystemTime(new Date('2027-01-15T09:00:00Z'));
    const { router } = renderPicker();
    const labels = Array.from(select().querySelectorAll('optgroup')[1]!.querySelectorAll('option'));
    expect(labels.map((option) => option.textContent)).toEqual([
      'Bu çeyrek (2027 1. çeyrek)',
      '2026 4. çeyrek',
      '2026 3. çeyrek',
      '2026 2. çeyrek',
      '2026 1. çeyrek',
    ]);

    await userEvent.selectOptions(select(), '2026 4. çeyrek');
    expect(screen.getByTestId('search')).toHaveTextContent('?from=2026-10-01&to=2026-12-31');
    expect(select()).toHaveDisplayValue('2026 4. çeyrek');

    await userEvent.selectOptions(select(), 'Bu çeyrek (2027 1. çeyrek)');
    expect(screen.getByTestId('search')).toHaveTextContent('?from=2027-01-01&to=2027-01-15');

    await userEvent.selectOptions(select(), 'Son 90 gün');
    expect(screen.getByTestId('search')).toHaveTextContent('?days=90');

    // Each choice is a history entry: back steps through them.
    await router.navigate(-1);
    expect(await screen.findByDisplayValue('Bu çeyrek (2027 1. çeyrek)')).toBeInTheDocument();
    await router.navigate(-1);
    expect(await screen.findByDisplayValue('2026 4. çeyrek')).toBeInTheDocument();
  });

  it('checks a custom range with the server’s rules, in Turkish', async () => {
    renderPicker();
    await userEvent.selectOptions(select(), 'Özel aralık');
    fireEvent.change(screen.getByLabelText('Başlangıç'), { target: { value: '2026-05-10' } });
    fireEvent.change(screen.getByLabelText('Bitiş'), { target: { value: '2026-05-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Uygula' }));
    expect(screen.getByLabelText('Başlangıç')).toHaveAccessibleDescription(
      'Başlangıç tarihi bitiş tarihinden sonra olamaz',
    );
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();

    fireEvent.change(screen.getByLabelText('Bitiş'), { target: { value: '2026-06-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Uygula' }));
    expect(screen.getByTestId('search')).toHaveTextContent('?from=2026-05-10&to=2026-06-01');
  });

  it('refuses a range over three years and a missing date, in English', async () => {
    await i18n.changeLanguage('en');
    renderPicker();
    await userEvent.selectOptions(select('Period'), 'Custom range');
    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '2023-01-01' } });
    fireEvent.change(screen.getByLabelText('End'), { target: { value: '2026-01-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('End')).toHaveAccessibleDescription(
      'A period can be at most 3 years long',
    );

    fireEvent.change(screen.getByLabelText('Start'), { target: { value: '' } });
    await userEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByLabelText('Start')).toHaveAccessibleDescription(
      'Give both a start and an end date',
    );
    expect(screen.getByTestId('search')).toBeEmptyDOMElement();
  });
});
