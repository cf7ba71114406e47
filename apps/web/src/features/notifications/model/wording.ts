import { AGREEMENT_KINDS, type Notification } from '@rota/contracts';
import type { TFunction } from 'i18next';
import { codeText } from '../../../lib/failure-text';

/**
 * A notification's sentence in the reader's language, from its kind and `detail` (the server
 * stores facts, not text): "Rota'nın incelemesi bitti: değişiklik istendi — owner/repo#12 Başlık".
 */

const text = (value: unknown): string | null =>
  typeof value === 'string' && value.trim() !== '' ? value : null;

/** What it is about: "owner/repo#12 Title", the repository, or the project. */
export function subjectText(item: Notification): string {
  const { subject } = item;
  if (subject.repository && subject.number !== null)
    return [`${subject.repository}#${subject.number}`, subject.title].filter(Boolean).join(' ');
  return subject.repository ?? subject.title ?? item.projectName ?? '';
}

const VERDICTS = ['approved', 'changes_requested', 'commented', 'pending'] as const;
const WORK = ['analysis', 'fetch', 'sync'] as const;

function oneOf<T extends string>(list: readonly T[], value: unknown): T | null {
  return list.includes(value as T) ? (value as T) : null;
}

export function notificationText(t: TFunction, item: Notification): string {
  const subject = subjectText(item);
  const actor = text(item.detail.actor);
  const base = `notificationCenter.kind.${item.kind}`;
  switch (item.kind) {
    case 'prAssigned':
    case 'prMentioned':
    case 'prMerged':
      return actor ? t(`${base}.byActor`, { actor, subject }) : t(`${base}.plain`, { subject });
    case 'prReviewed': {
      const verdict = oneOf(VERDICTS, item.detail.verdict);
      return verdict
        ? t(`${base}.verdict`, { verdict: t(`notificationCenter.verdict.${verdict}`), subject })
        : t(`${base}.plain`, { subject });
    }
    case 'agreementBroken': {
      // The agreements' names live in the main catalogue, so they are worded here as on their tab.
      const agreement = oneOf(AGREEMENT_KINDS, item.detail.agreement);
      const threshold = item.detail.threshold;
      const name = agreement
        ? t(`agreements.name.${agreement}`, {
            count: typeof threshold === 'number' ? threshold : 0,
          })
        : text(item.detail.agreement);
      return name
        ? t(`${base}.named`, { agreement: name, subject })
        : t(`${base}.plain`, { subject });
    }
    case 'workFailed': {
      const work = oneOf(WORK, item.detail.work);
      return t(`${base}.plain`, {
        work: t(`notificationCenter.work.${work ?? 'other'}`),
        subject,
      });
    }
  }
}

/** A second line for what failed: why, in the app's words for the error code. */
export function notificationReason(t: TFunction, item: Notification): string | null {
  const failure = text(item.detail.failure);
  return item.kind === 'workFailed' && failure ? codeText(t, failure) : null;
}
