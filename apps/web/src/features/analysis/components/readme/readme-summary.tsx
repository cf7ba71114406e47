import type { ReadmeAnalysis } from '@rota/contracts';
import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { ReadmeResult } from '../../api/analysis-kinds';
import { formatBytes, formatNumber } from '../../../../lib/format';
import { SectionCard } from '../stat-tile';
import { CommunityFiles } from './community-files';
import { ReadmeChecks } from './readme-checks';
import { ScoreGauge } from './score-gauge';

function ReadmeFacts({ readme }: { readme: ReadmeAnalysis }) {
  const { t, i18n } = useTranslation();
  if (!readme.readme) return <p className="text-sm">{t('readme.suggestion.addReadme')}</p>;
  const facts: Array<[string, string]> = [
    [t('analysis.readme.file'), readme.readme.path],
    [t('analysis.readme.format'), t(`analysis.readme.formats.${readme.readme.format}`)],
    [t('analysis.readme.size'), formatBytes(readme.readme.size, i18n.language)],
    [t('analysis.readme.words'), formatNumber(readme.wordCount, i18n.language)],
    [t('analysis.readme.lines'), formatNumber(readme.lineCount, i18n.language)],
    [
      t('analysis.readme.pointsLabel'),
      t('analysis.readme.points', { points: readme.points, max: readme.maxPoints }),
    ],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Score, community files and the rubric: everything but the README's own text (the report's part). */
export function ReadmeSummary({ result }: { result: ReadmeResult }) {
  const { t } = useTranslation();
  const { readme, communityFiles } = result;
  return (
    <div className="flex flex-col gap-4">
      <div className="grid gap-4 lg:grid-cols-2">
        <SectionCard id="readme-score-title" title={t('analysis.readme.scoreTitle')}>
          <div className="flex flex-wrap items-center gap-6">
            <ScoreGauge score={readme.score} />
            <ReadmeFacts readme={readme} />
          </div>
          {readme.notices.length > 0 && (
            <ul className="flex flex-col gap-1">
              {readme.notices.map((notice) => (
                <li key={notice} className="flex gap-2 text-sm text-amber-900 dark:text-amber-200">
                  <Info className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                  {t(`readme.notice.${notice}`)}
                </li>
              ))}
            </ul>
          )}
          {readme.otherCandidates.length > 0 && (
            <p className="text-xs text-slate-600 dark:text-slate-400">
              {t('analysis.readme.otherCandidates', { files: readme.otherCandidates.join(', ') })}
            </p>
          )}
        </SectionCard>
        <SectionCard id="readme-community-title" title={t('analysis.readme.communityTitle')}>
          <CommunityFiles check={communityFiles} />
        </SectionCard>
      </div>
      <SectionCard id="readme-checks-title" title={t('analysis.readme.checksTitle')}>
        <ReadmeChecks checks={readme.checks} />
      </SectionCard>
    </div>
  );
}
