import type { Branch, BranchStatus } from '@rota/contracts';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../../components/ui/badge';

const STATUS_TONES: Record<BranchStatus, BadgeTone> = {
  default: 'indigo',
  merged: 'green',
  ahead: 'sky',
  diverged: 'red',
};

export function BranchStatusBadge({ status }: { status: BranchStatus }) {
  const { t } = useTranslation();
  return <Badge tone={STATUS_TONES[status]}>{t(`analysis.branches.status.${status}`)}</Badge>;
}

/** The branch's state, and "stale" beside it when it has not moved for staleDays. */
export function BranchBadges({ branch }: { branch: Pick<Branch, 'status' | 'stale'> }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1">
      <BranchStatusBadge status={branch.status} />
      {branch.stale && <Badge tone="amber">{t('analysis.branches.status.stale')}</Badge>}
    </span>
  );
}
