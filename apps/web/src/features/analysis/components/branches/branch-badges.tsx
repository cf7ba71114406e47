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

/**
 * The branch's state, "release line" when it is kept to ship an older version (with why), and
 * "stale" when the engine counted it stale (docs/analysis/branches.md).
 */
export function BranchBadges({
  branch,
}: {
  branch: Pick<Branch, 'status' | 'stale'> & Partial<Pick<Branch, 'releaseLine'>>;
}) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex flex-wrap gap-1">
      <BranchStatusBadge status={branch.status} />
      {branch.releaseLine && (
        <Badge tone="slate" title={t(`analysis.branches.releaseLineWhy.${branch.releaseLine}`)}>
          {t('analysis.branches.status.releaseLine')}
        </Badge>
      )}
      {branch.stale && <Badge tone="amber">{t('analysis.branches.status.stale')}</Badge>}
    </span>
  );
}
