import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Harness() {
  const [value, setValue] = useState('a');
  return (
    <Tabs
      label="Views"
      value={value}
      onValueChange={setValue}
      tabs={[
        { id: 'a', label: 'Alpha', content: <p>alpha content</p> },
        { id: 'b', label: 'Beta', content: <p>beta content</p> },
        { id: 'c', label: 'Gamma', content: <p>gamma content</p> },
      ]}
    />
  );
}

describe('tabs', () => {
  it('is one tab stop; arrows, Home and End move and select; the panel follows', async () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Views' })).toBeInTheDocument();
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveFocus();
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Alpha' })).toHaveTextContent('alpha content');

    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Beta' })).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Beta' })).toHaveTextContent('beta content');
    await userEvent.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Alpha' })).toHaveFocus();
    await userEvent.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Gamma' })).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{Home}');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('alpha content');

    // Tab leaves the tab list rather than walking through its tabs.
    await userEvent.tab();
    expect(screen.getByRole('tab', { name: 'Alpha' })).not.toHaveFocus();
  });
});
