import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ChartLegend } from './chart-legend';

describe('chart legend', () => {
  it('names each series in its own words, with colour swatches that carry no label', () => {
    const { container } = render(
      <ChartLegend
        payload={[
          { value: 'Açılan', color: '#6366f1', type: 'line' },
          { value: 'Birleştirilen', color: '#10b981', type: 'line' },
        ]}
      />,
    );
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'Açılan',
      'Birleştirilen',
    ]);
    // Recharts' own legend labels each swatch "<name> legend icon", in English on every page.
    expect(container.querySelectorAll('[aria-label]')).toHaveLength(0);
    const swatches = container.querySelectorAll('[aria-hidden="true"]');
    expect([...swatches].map((swatch) => (swatch as HTMLElement).style.backgroundColor)).toEqual([
      'rgb(99, 102, 241)',
      'rgb(16, 185, 129)',
    ]);
  });

  it('draws nothing without series', () => {
    const { container } = render(<ChartLegend payload={[]} />);
    expect(container).toBeEmptyDOMElement();
  });
});
