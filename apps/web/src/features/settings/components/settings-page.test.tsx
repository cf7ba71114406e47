import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SettingsPage } from './settings-page';

describe('settings page', () => {
  it('summarises the profile', () => {
    render(<SettingsPage user={{ name: 'ıris Demir', email: 'iris@example.com' }} />);
    expect(screen.getByRole('heading', { level: 1, name: 'Ayarlar' })).toBeInTheDocument();
    expect(screen.getByText('ıris Demir')).toBeInTheDocument();
    expect(screen.getByText('iris@example.com')).toBeInTheDocument();
  });

  it('says when no name was given', () => {
    render(<SettingsPage user={{ name: null, email: 'iris@example.com' }} />);
    expect(screen.getByText('Ad belirtilmemiş')).toBeInTheDocument();
  });
});
