import { Component, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { ErrorState } from '../components/ui/error-state';

/** Reloading fetches the page's chunks again: the usual cure after a new build went out. */
function RouteFailure() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto max-w-xl p-6">
      <ErrorState message={t('errors.generic')} onRetry={() => window.location.reload()} />
    </main>
  );
}

class Boundary extends Component<{ resetKey: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error('A page failed to render', error);
  }

  override componentDidUpdate(previous: { resetKey: string }): void {
    if (this.state.failed && previous.resetKey !== this.props.resetKey)
      this.setState({ failed: false });
  }

  override render(): ReactNode {
    return this.state.failed ? <RouteFailure /> : this.props.children;
  }
}

/**
 * A page that throws while rendering (or whose chunk fails to load) shows a translated message
 * with a reload instead of a blank screen; going to another page tries again. The declarative
 * router has no error element of its own.
 */
export function RouteBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary resetKey={pathname}>{children}</Boundary>;
}
