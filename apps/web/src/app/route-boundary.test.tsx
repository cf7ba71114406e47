import { act, screen } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/render';
import { RouteBoundary } from './route-boundary';

function BrokenOnOnePath() {
  const { pathname } = useLocation();
  if (pathname === '/broken') throw new Error('render failed');
  return <p>fine page</p>;
}

afterEach(() => vi.restoreAllMocks());

describe('route boundary', () => {
  it('shows a translated failure with a retry instead of a blank page', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { router } = renderRoutes(
      [
        {
          path: '*',
          element: (
            <RouteBoundary>
              <BrokenOnOnePath />
            </RouteBoundary>
          ),
        },
      ],
      '/broken',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Bir hata oluştu');
    expect(screen.getByRole('button', { name: 'Tekrar dene' })).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();

    // Another page renders again.
    await act(() => router.navigate('/fine'));
    expect(await screen.findByText('fine page')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
