import { repoTitle } from '../repo-title';
import { blocks, type MarkdownContext } from '../markdown-text';
import type { Report } from '../report-model';
import { actionTargetText } from './action-text';
import { rankActions, type Action } from './first-actions';
import { analysedAnything } from './repo-status';

function actionsMarkdown(actions: readonly Action[], start: number, context: MarkdownContext) {
  const { t, locale } = context;
  return actions
    .map((action, index) =>
      [
        `${start + index}. **${t(`analysis.summary.actions.${action.kind}.title`)}**`,
        ...action.targets.map(
          (target) =>
            `   - ${repoTitle(target.repo)}: ${actionTargetText(t, locale, action, target)}`,
        ),
      ].join('\n'),
    )
    .join('\n');
}

/** The executive summary of the export: the same things to do first and risks as the page. */
export function summaryMarkdown(report: Report, context: MarkdownContext): string {
  const { t } = context;
  const { first, others } = rankActions(report);
  const firstText = !analysedAnything(report)
    ? t('analysis.summary.nothingAnalysed')
    : first.length === 0
      ? t('analysis.summary.nothingToFix')
      : actionsMarkdown(first, 1, context);
  return blocks(
    `## ${t('analysis.summary.reportTitle')}`,
    `### ${t('analysis.summary.firstActionsTitle')}`,
    firstText,
    others.length > 0 && `### ${t('analysis.summary.otherRisksTitle')}`,
    others.length > 0 && actionsMarkdown(others, first.length + 1, context),
  );
}
