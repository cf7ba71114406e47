import { describe, expect, it } from 'vitest';
import { displayName, initialOf } from './display-name';

describe('display name (spec §2)', () => {
  it('uses the name, else the part of the e-mail before the @', () => {
    expect(displayName({ name: 'Ada Lovelace', email: 'ada@example.com' })).toBe('Ada Lovelace');
    expect(displayName({ name: '  ', email: 'ada@example.com' })).toBe('ada');
    expect(displayName({ name: null, email: 'grace.hopper@example.com' })).toBe('grace.hopper');
  });

  it('takes the initial from the display name', () => {
    expect(initialOf({ name: 'ada', email: 'x@example.com' })).toBe('A');
    expect(initialOf({ name: null, email: 'zed@example.com' })).toBe('Z');
  });
});
