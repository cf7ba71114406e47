import type { ProjectStatus } from '@rota/contracts';
import { Archive, CirclePause, CirclePlay } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Badge, type BadgeTone } from '../../../components/ui/badge';

export const PROJECT_STATUSES: readonly ProjectStatus[] = ['active', 'inactive', 'archived'];

const look: Record<ProjectStatus, { tone: BadgeTone; Icon: typeof Archive }> = {
  active: { tone: 'green', Icon: CirclePlay },
  inactive: { tone: 'amber', Icon: CirclePause },
  archived: { tone: 'slate', Icon: Archive },
};

/** The status in words (never colour alone), with an icon for a quick scan. */
export function StatusBadge({ status }: { status: ProjectStatus }) {
  const { t } = useTranslation();
  const { tone, Icon } = look[status];
  return (
    <Badge tone={tone}>
      <Icon className="size-3" aria-hidden="true" />
      {t(`projects.status.${status}`)}
    </Badge>
  );
}
