import { WAITING_FOR_REPOSITORY_STAGE } from '@rota/contracts';
import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import analysisEn from '../../../locales/analysis/en.json';
import analysisTr from '../../../locales/analysis/tr.json';
import { stageLabel } from './job-error';

async function translatorFor(language: 'tr' | 'en') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { tr: { translation: analysisTr }, en: { translation: analysisEn } },
  });
  return instance.t;
}

describe('stageLabel', () => {
  it('says a queued job waits for a worker, unless it waits for another fetch of its repository', async () => {
    const en = await translatorFor('en');
    const tr = await translatorFor('tr');
    expect(stageLabel(en, { status: 'queued', stage: null })).toBe('Waiting for a worker');
    expect(stageLabel(en, { status: 'queued', stage: 'fetching' })).toBe('Waiting for a worker');
    const waiting = { status: 'queued' as const, stage: WAITING_FOR_REPOSITORY_STAGE };
    expect(stageLabel(en, waiting)).toBe('Waiting while another analysis fetches this repository');
    expect(stageLabel(tr, waiting)).toBe(
      'Başka bir analiz bu depoyu indiriyor; bitmesi bekleniyor',
    );
  });
});
