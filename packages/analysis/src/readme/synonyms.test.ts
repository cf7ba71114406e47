import { describe, expect, it } from 'vitest';
import { foldText, headingMatches } from './synonyms.js';

describe('section names', () => {
  it('folds case, diacritics, Turkish i, punctuation, emoji and numbering', () => {
    expect(foldText('📦 1. KURULUM:')).toBe('kurulum');
    expect(foldText('Kullanım')).toBe('kullanim');
    expect(foldText('KULLANIM')).toBe('kullanim');
    expect(foldText('İÇİNDEKİLER')).toBe('icindekiler');
    expect(foldText("What's New?")).toBe('whats new');
  });

  it('matches English and Turkish synonyms, suffixes included', () => {
    const cases: Array<[string, Parameters<typeof headingMatches>[1]]> = [
      ['Installation', 'installation'],
      ['Installing on Windows', 'installation'],
      ['Kurulum', 'installation'],
      ['Projenin Kurulumu', 'installation'],
      ['Hızlı Başlangıç', 'installation'],
      ['Usage', 'usage'],
      ['KULLANIM', 'usage'],
      ['Nasıl Kullanılır?', 'usage'],
      ['Örnekler', 'examples'],
      ['Screenshots', 'examples'],
      ['Yapılandırma', 'configuration'],
      ['Ayarlar', 'configuration'],
      ['Environment variables', 'configuration'],
      ['API Reference', 'apiDocs'],
      ['Dokümantasyon', 'apiDocs'],
      ['Katkı', 'contributing'],
      ['Katkıda Bulunma', 'contributing'],
      ['How to contribute', 'contributing'],
      ['Lisans', 'license'],
      ['Lisansı', 'license'],
      ['Licence', 'license'],
      ['Güvenlik', 'security'],
      ['Reporting a Vulnerability', 'security'],
      ['Değişiklik Günlüğü', 'changelog'],
      ['Sürüm Notları', 'changelog'],
      ['Release Notes', 'changelog'],
      ['İçindekiler', 'tableOfContents'],
    ];
    for (const [heading, kind] of cases)
      expect(headingMatches(heading, kind), `${heading} → ${kind}`).toBe(true);
  });

  it('does not match look-alikes', () => {
    expect(headingMatches('Contributors', 'contributing')).toBe(false);
    expect(headingMatches('Katkıda Bulunanlar', 'contributing')).toBe(false);
    expect(headingMatches('User Guide', 'usage')).toBe(false);
    expect(headingMatches('Apiary', 'apiDocs')).toBe(false);
    expect(headingMatches('Running tests', 'usage')).toBe(false);
    expect(headingMatches('', 'license')).toBe(false);
  });
});
