import type { ReviewFinding } from '@rota/contracts';
import type { TFunction } from 'i18next';
import { Check, CircleSlash, Clock, MessageSquare, SkipForward, X, XOctagon } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { translateError } from '../../../lib/error-text';
import type { ReviewRecord } from '@rota/contracts';

type Look = { tone: BadgeTone; icon: ReactNode; key: string };
const icon = (Icon: typeof Check) => <Icon className="size-3.5" aria-hidden="true" />;

/** What a review's badge says: its verdict, unless it ended without one (skipped and the like). */
function lookOf(review: Pick<ReviewRecord, 'status' | 'outcome'>): Look {
  switch (review.outcome) {
    case 'skipped':
      return { tone: 'slate', icon: icon(SkipForward), key: 'reviews.outcome.skipped' };
    case 'superseded':
      return { tone: 'slate', icon: icon(CircleSlash), key: 'reviews.outcome.superseded' };
    case 'failed':
      return { tone: 'red', icon: icon(XOctagon), key: 'reviews.outcome.failed' };
    default:
      break;
  }
  const byStatus: Record<ReviewRecord['status'], Look> = {
    pending: { tone: 'amber', icon: icon(Clock), key: 'reviews.status.pending' },
    approved: { tone: 'green', icon: icon(Check), key: 'reviews.status.approved' },
    changes_requested: { tone: 'red', icon: icon(X), key: 'reviews.status.changes_requested' },
    commented: { tone: 'sky', icon: icon(MessageSquare), key: 'reviews.status.commented' },
  };
  // A review still running has no outcome; its stored status is 'pending'.
  return byStatus[review.outcome === null ? 'pending' : review.status];
}

/** The verdict (or outcome) in words and colour, never colour alone. */
export function ReviewStatusBadge({
  review,
}: {
  review: Pick<ReviewRecord, 'status' | 'outcome'>;
}) {
  const { t } = useTranslation();
  const look = lookOf(review);
  return (
    <Badge tone={look.tone} data-testid="review-status">
      {look.icon}
      {t(look.key)}
    </Badge>
  );
}

/** Why this verdict or outcome, in the UI language (the server's reason is English). */
export function reviewWhy(t: TFunction, review: ReviewRecord): string {
  if (review.outcome === null) return t('reviews.why.pending');
  if (review.outcome === 'skipped' && review.skipped_reason)
    return t(`reviews.skippedReason.${review.skipped_reason}`);
  if (review.outcome === 'superseded') return t('reviews.why.superseded');
  if (review.outcome === 'failed') {
    return review.error
      ? t('reviews.why.failed', { reason: translateError(t, review.error) })
      : t('reviews.why.failedUnknown');
  }
  return t(`reviews.why.${review.status}`);
}

/** The engine's name in words; an engine this page does not know yet is shown as the server names it. */
export function engineName(t: TFunction, engine: string): string {
  return t(`reviews.engine.${engine}`, { defaultValue: engine });
}

/**
 * A finding's title and explanation in the UI language, from its rule id. Model findings (and any
 * rule the catalogue does not know) keep the text they came with.
 */
export function findingText(
  t: TFunction,
  exists: (key: string) => boolean,
  finding: ReviewFinding,
): { title: string; explain: string | null; translated: boolean } {
  const base = `reviews.rules.${finding.rule}`;
  if (finding.source === 'rules' && exists(`${base}.title`)) {
    return { title: t(`${base}.title`), explain: t(`${base}.explain`), translated: true };
  }
  return { title: finding.title, explain: null, translated: false };
}
