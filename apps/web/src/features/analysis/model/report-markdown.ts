import type { BranchAnalysis } from '@rota/contracts';
import { ANALYSIS_VIEWS, type AnalysisView, type ReadmeResult } from '../api/analysis-kinds';
import { formatDateTime, formatNumber } from '../../../lib/format';
import { shortSha } from './format';
import { describeJobError, stageLabel } from './job-error';
import { blocks, code, slug, table, type MarkdownContext } from './markdown-text';
import { diagramMarkdown, structureMarkdown } from './report-markdown-structure';
import type { Report, ReportItem, ReportRepository } from './report-model';
import { repoTitle } from './repo-title';
import { summaryMarkdown } from './summary/summary-markdown';

export { repoTitle } from './repo-title';

function branchesMarkdown(analysis: BranchAnalysis, { t, locale }: MarkdownContext): string {
  const { summary } = analysis;
  const mention = (branch: { name: string; lastCommitDate: string }) =>
    `${code(branch.name)} (${formatDateTime(branch.lastCommitDate, locale)})`;
  const keys = ['total', 'default', 'ahead', 'diverged', 'merged', 'stale', 'active'] as const;
  const n = (value: number) => formatNumber(value, locale);
  const values = [
    summary.total,
    summary.byStatus.default,
    summary.byStatus.ahead,
    summary.byStatus.diverged,
    summary.byStatus.merged,
    summary.stale,
    summary.active,
  ].map(n);
  return blocks(
    table(
      keys.map((key) => t(`analysis.branches.totals.${key}`)),
      [values],
    ),
    `${analysis.defaultBranch ? t('analysis.branches.defaultIs', { name: analysis.defaultBranch.name }) : t('analysis.branches.noDefault')} ${t('analysis.branches.staleRule', { days: analysis.staleDays })}`,
    `**${t('analysis.branches.stalest')}:** ${summary.stalest.map(mention).join(', ') || t('analysis.branches.none')}`,
    `**${t('analysis.branches.mostDiverged')}:** ${summary.mostDiverged.map((b) => `${code(b.name)} (${t('analysis.branches.aheadBehindShort', { ahead: b.ahead, behind: b.behind })})`).join(', ') || t('analysis.branches.none')}`,
    `**${t('analysis.branches.mergedNotDeleted', { count: summary.mergedNotDeleted.count })}:** ${summary.mergedNotDeleted.branches.map(mention).join(', ') || t('analysis.branches.none')}`,
    table(
      ['name', 'state', 'behind', 'ahead', 'lastCommit', 'author', 'subject'].map((key) =>
        t(`analysis.branches.columns.${key}`),
      ),
      analysis.branches.map((branch) => [
        branch.name,
        [
          t(`analysis.branches.status.${branch.status}`),
          branch.releaseLine ? t('analysis.branches.status.releaseLine') : '',
          branch.stale ? t('analysis.branches.status.stale') : '',
        ]
          .filter(Boolean)
          .join(', '),
        n(branch.behind),
        n(branch.ahead),
        formatDateTime(branch.lastCommitDate, locale),
        branch.author.name,
        branch.subject,
      ]),
    ),
  );
}

function readmeMarkdown(result: ReadmeResult, { t, locale }: MarkdownContext): string {
  const n = (value: number) => formatNumber(value, locale);
  const { readme, communityFiles } = result;
  const verdict = t(
    `analysis.readme.verdict.${readme.score >= 80 ? 'good' : readme.score >= 50 ? 'fair' : 'poor'}`,
  );
  return blocks(
    `**${t('analysis.readme.score')}:** ${n(readme.score)}/${n(100)} (${verdict})${readme.readme ? ` · ${code(readme.readme.path)} · ${t('analysis.readme.wordsCount', { count: readme.wordCount })}` : ''}`,
    readme.notices.map((notice) => `> ${t(`readme.notice.${notice}`)}`).join('\n'),
    table(
      [
        t('analysis.readme.checkColumn'),
        t('analysis.readme.resultColumn'),
        t('analysis.readme.pointsLabel'),
        t('analysis.readme.suggestionColumn'),
      ],
      readme.checks.map((check) => [
        t(`analysis.readme.checks.${check.id}`),
        t(`analysis.readme.checkStatus.${check.status}`),
        check.status === 'notApplicable' ? '—' : `${n(check.points)}/${n(check.maxPoints)}`,
        check.suggestionKey ? t(check.suggestionKey) : '',
      ]),
    ),
    `**${t('analysis.readme.communityTitle')}** (${t('analysis.readme.communityCount', { present: communityFiles.present, total: communityFiles.total })})`,
    table(
      [
        t('analysis.readme.fileColumn'),
        t('analysis.readme.resultColumn'),
        t('analysis.readme.whereColumn'),
      ],
      communityFiles.files.map((file) => [
        t(`analysis.readme.community.${file.kind}`),
        file.present ? t('analysis.readme.present') : t('analysis.readme.missing'),
        file.present
          ? file.found
              .map((found) => `${found.path} (${t(`analysis.readme.location.${found.location}`)})`)
              .join(', ')
          : file.suggestionKey
            ? t(file.suggestionKey)
            : '',
      ]),
    ),
  );
}

function itemMarkdown<K extends AnalysisView>(
  kind: K,
  item: ReportItem<K>,
  repo: ReportRepository['repo'],
  context: MarkdownContext,
): string {
  const { t, locale } = context;
  if (item.state === 'working')
    return `_${t('analysis.report.working', { stage: stageLabel(t, item.job), progress: Math.round(item.job.progress) })}_`;
  if (item.state === 'failed') {
    const { reason, detail } = describeJobError(t, item.job, repo.branch);
    return `_${t('analysis.report.failed')}: ${reason}${detail ? ` (${detail})` : ''}_`;
  }
  if (item.state === 'unavailable') return `_${t(`analysis.report.unavailable.${item.reason}`)}_`;
  const meta = [
    item.commit && `${t('analysis.commit')}: ${code(shortSha(item.commit))}`,
    item.analyzedAt && `${t('analysis.analyzedAt')} ${formatDateTime(item.analyzedAt, locale)}`,
    item.stale && `**${t('analysis.stale')}**`,
  ]
    .filter(Boolean)
    .join(' · ');
  const ready = item as Extract<ReportItem<AnalysisView>, { state: 'ready' }>;
  const body =
    kind === 'branches'
      ? branchesMarkdown(ready.result as BranchAnalysis, context)
      : kind === 'readme'
        ? readmeMarkdown(ready.result as ReadmeResult, context)
        : kind === 'structure'
          ? structureMarkdown(
              ready.result as Extract<ReportItem<'structure'>, { state: 'ready' }>['result'],
              context,
            )
          : diagramMarkdown(
              ready.result as Extract<ReportItem<'diagram'>, { state: 'ready' }>['result'],
              context,
            );
  return blocks(meta && `_${meta}_`, body);
}

/** The report as Markdown, in the UI language: the same sections and figures the page shows. */
export function reportToMarkdown(report: Report, context: MarkdownContext): string {
  const { t, locale } = context;
  const sectionTitle = (kind: AnalysisView) => t(`analysis.report.sections.${kind}`);
  const toc = report.repositories
    .map((repository) => {
      const title = repoTitle(repository.repo);
      return [
        `- [${title}](#${slug(title)})`,
        ...ANALYSIS_VIEWS.map((kind) => `  - ${sectionTitle(kind)}`),
      ].join('\n');
    })
    .join('\n');
  const repositories = report.repositories.map((repository) =>
    blocks(
      `## ${repoTitle(repository.repo)}`,
      `${t('analysis.branch')}: ${code(repository.repo.branch)} · ${repository.repo.url}`,
      ...ANALYSIS_VIEWS.map((kind) =>
        blocks(
          `### ${sectionTitle(kind)}`,
          itemMarkdown(kind, repository.items[kind], repository.repo, context),
        ),
      ),
    ),
  );
  return `${blocks(
    `# ${t('analysis.report.title')}: ${report.project.name}`,
    `_${t('analysis.report.generatedAt', { date: formatDateTime(report.generatedAt, locale) })}_`,
    summaryMarkdown(report, context),
    `## ${t('analysis.report.contents')}`,
    toc,
    ...repositories,
  )}\n`;
}
