import type { ReviewFinding, ReviewSeverity } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { formatPercent } from '../../../lib/format';
import { groupFindings } from '../model/group-findings';
import { findingText } from './review-labels';

const severityTone: Record<ReviewSeverity, BadgeTone> = {
  critical: 'red',
  high: 'red',
  medium: 'amber',
  low: 'sky',
  info: 'slate',
};

/** Findings by file, then severity (critical → info), each with where, what and why. */
export function ReviewFindings({ findings }: { findings: ReviewFinding[] }) {
  const { t } = useTranslation();
  if (findings.length === 0) {
    return (
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('reviews.empty.noFindings')}</p>
    );
  }
  return (
    <div className="flex flex-col gap-4" data-testid="review-findings">
      {groupFindings(findings).map((group) => (
        <section
          key={group.file ?? ''}
          className="flex min-w-0 flex-col gap-2"
          data-testid="review-file"
          aria-label={group.file ?? t('reviews.detail.wholePullRequest')}
        >
          <h3 className="font-mono text-sm font-semibold break-all" data-testid="review-file-name">
            {group.file ?? (
              <span className="font-sans">{t('reviews.detail.wholePullRequest')}</span>
            )}
          </h3>
          {group.severities.map((severity) => (
            <div
              key={severity.severity}
              className="flex flex-col gap-2"
              data-testid="review-severity"
            >
              <h4 className="sr-only">{t(`reviews.severity.${severity.severity}`)}</h4>
              <ul className="flex flex-col gap-2">
                {severity.findings.map((finding, index) => (
                  <FindingItem
                    key={`${finding.rule}-${finding.line ?? 0}-${index}`}
                    finding={finding}
                  />
                ))}
              </ul>
            </div>
          ))}
        </section>
      ))}
    </div>
  );
}

function FindingItem({ finding }: { finding: ReviewFinding }) {
  const { t, i18n } = useTranslation();
  const text = findingText(t, (key) => i18n.exists(key), finding);
  const english = i18n.language.startsWith('en');
  const fromModel = finding.source === 'llm';
  return (
    <li
      className="flex min-w-0 flex-col gap-1.5 rounded-lg border border-slate-200 p-3 dark:border-slate-800"
      data-testid="review-finding"
      data-rule={finding.rule}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge tone={severityTone[finding.severity]} data-testid="review-finding-severity">
          {t(`reviews.severity.${finding.severity}`)}
        </Badge>
        <span
          className="text-xs text-slate-600 dark:text-slate-400"
          data-testid="review-finding-line"
        >
          {finding.line === null
            ? t('reviews.detail.wholeFile')
            : t('reviews.detail.line', { line: finding.line })}
        </span>
        <span className="text-xs text-slate-600 dark:text-slate-400">
          {t(`reviews.category.${finding.category}`)}
        </span>
        <Badge tone={fromModel ? 'indigo' : 'slate'} data-testid="review-finding-source">
          {t(`reviews.detail.source.${finding.source}`)}
        </Badge>
        {fromModel && (
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {t('reviews.detail.confidence', {
              value: formatPercent(finding.confidence * 100, i18n.language, 0),
            })}
          </span>
        )}
      </div>
      <p
        className="font-medium wrap-anywhere"
        data-testid="review-finding-title"
        lang={text.translated || fromModel ? undefined : 'en'}
      >
        {text.title}
      </p>
      {fromModel && (
        <p className="text-xs text-slate-600 italic dark:text-slate-400">
          {t('reviews.detail.llmText')}
        </p>
      )}
      {/* The server's message names what it found where; in English it is the explanation itself. */}
      {text.explain && !english ? (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">{text.explain}</p>
          <p className="text-xs wrap-anywhere text-slate-600 dark:text-slate-400">
            {t('reviews.serverNote')}: <span lang="en">{finding.message}</span>
          </p>
        </>
      ) : (
        <p
          className="text-sm wrap-anywhere text-slate-700 dark:text-slate-300"
          lang={english || fromModel ? undefined : 'en'}
        >
          {finding.message}
        </p>
      )}
      {finding.evidence && (
        <div className="flex min-w-0 flex-col gap-0.5">
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {t('reviews.detail.evidence')}
          </span>
          <pre
            className="overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap break-all dark:bg-slate-950"
            data-testid="review-finding-evidence"
          >
            {finding.evidence}
          </pre>
        </div>
      )}
    </li>
  );
}
