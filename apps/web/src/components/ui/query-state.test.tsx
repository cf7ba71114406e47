import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, ClientErrorCodes } from '../../lib/api-error';
import { QueryState } from './query-state';

const loading = { isError: false, isFetching: true, error: null, refetch: () => undefined };

describe('query state', () => {
  it('is a busy region named for what loads, around the screen’s own placeholder', () => {
    render(
      <QueryState
        query={loading}
        failureKey="errors.fetchPullRequests"
        loadingLabel="Yükleniyor"
        className="flex"
      >
        <span data-testid="shape" />
      </QueryState>,
    );
    const region = screen.getByRole('status', { name: 'Yükleniyor' });
    expect(region).toHaveAttribute('aria-busy', 'true');
    expect(region).toContainElement(screen.getByTestId('shape'));
  });

  it('says what failed and why, and tries again on request', async () => {
    const refetch = vi.fn();
    const error = new ApiError({
      message: 'offline',
      code: ClientErrorCodes.network,
      status: null,
    });
    render(
      <QueryState
        query={{ isError: true, isFetching: false, error, refetch }}
        failureKey="errors.fetchPullRequests"
        loadingLabel="Yükleniyor"
        className="flex"
      >
        <span data-testid="shape" />
      </QueryState>,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Çekme istekleri yüklenemedi');
    expect(alert).toHaveTextContent('Ağ hatası. Lütfen bağlantınızı kontrol edin.');
    expect(screen.queryByTestId('shape')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Tekrar dene' }));
    expect(refetch).toHaveBeenCalledOnce();
  });
});
