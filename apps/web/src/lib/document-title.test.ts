import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { documentTitle, useDocumentTitle } from './document-title';

describe('document title', () => {
  it('reads page, project, Rota and skips what is missing', () => {
    expect(documentTitle(['README', 'Ödeme sistemi'])).toBe('README · Ödeme sistemi · Rota');
    expect(documentTitle(['Pano'])).toBe('Pano · Rota');
    expect(documentTitle([null, ' ', undefined])).toBe('Rota');
  });

  it('sets the title, follows a change of words, and leaves it alone when given null', () => {
    const { rerender } = renderHook(({ parts }) => useDocumentTitle(parts), {
      initialProps: { parts: ['Projeler'] as string[] | null },
    });
    expect(document.title).toBe('Projeler · Rota');
    rerender({ parts: ['Projects'] });
    expect(document.title).toBe('Projects · Rota');
    rerender({ parts: null });
    expect(document.title).toBe('Projects · Rota');
  });
});
