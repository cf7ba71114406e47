import { History } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge } from '../../../components/ui/badge';
import { shortSha } from '../model/format';

/** The result on screen is older than the repository; it names the commit it was made from. */
export function StaleBadge({ commit }: { commit: string | null }) {
  const { t } = useTranslation();
  return (
    <Badge tone="amber" className="font-mono" data-testid="stale-badge">
      <History className="size-3.5" aria-hidden="true" />
      <span className="font-sans">{t('analysis.stale')}</span>
      {commit && <span title={commit}>{shortSha(commit)}</span>}
    </Badge>
  );
}
