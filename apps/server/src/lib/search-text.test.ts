import { describe, expect, it } from 'vitest';
import { escapeLike, foldForSearch } from './search-text.js';

describe('foldForSearch', () => {
  it.each([
    ['İSTANBUL', 'istanbul'],
    ['IŞIK', 'isik'],
    ['ışık', 'isik'],
    ['Şirket Ğüzel Öçü', 'sirket guzel ocu'],
    ['Straße Café', 'straße cafe'],
  ])('%s → %s', (input, folded) => {
    expect(foldForSearch(input)).toBe(folded);
  });

  it('escapes LIKE wildcards', () => {
    expect(escapeLike('100%_done\\')).toBe('100\\%\\_done\\\\');
  });
});
