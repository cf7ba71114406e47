import type { TFunction } from 'i18next';
import { formatNumber } from '../format';
import type { Action, ActionTarget } from './first-actions';

/**
 * What a finding is in one repository, in the UI language; the page and the Markdown export say
 * the same. README texts go through their suggestion keys as on the README tab (the engine's
 * English sentence only when the web has no text for a key).
 */
export function actionTargetText(
  t: TFunction,
  locale: string,
  action: Pick<Action, 'kind'>,
  target: ActionTarget,
): string {
  const count = target.figure;
  const formatted = formatNumber(count, locale);
  switch (action.kind) {
    case 'improveReadme': {
      const gap = target.readme!;
      // Without a suggestion the check's own name says what to look at.
      const text = gap.suggestionKey
        ? t(gap.suggestionKey)
        : t(`analysis.readme.checks.${gap.checkId ?? 'title'}`);
      return t('analysis.summary.actions.improveReadme.target', {
        text,
        points: formatNumber(gap.pointsLost, locale),
      });
    }
    case 'addLicense':
    case 'addCi':
      return t(`analysis.summary.actions.${action.kind}.target`);
    default:
      return t(`analysis.summary.actions.${action.kind}.target`, { count, formatted });
  }
}
