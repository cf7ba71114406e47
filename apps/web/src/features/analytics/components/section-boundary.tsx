import { Component, type ReactNode } from 'react';

/**
 * Analytics that fail the contract are shown unvalidated (spec §8), so a section may meet a shape
 * it cannot read. It then shows its fallback instead of taking the whole tab down.
 */
export class SectionBoundary extends Component<
  { fallback: ReactNode; children: ReactNode },
  { failed: boolean }
> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.warn('An analytics section could not read its figures', error);
  }

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}
