import { ANALYTICS_PERIODS, type AnalyticsPeriod } from '@rota/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../../components/ui/field';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { toApiError } from '../../../lib/api-error';
import { translateError } from '../../../lib/error-text';
import { usePersonFigures } from '../api/teams-api';
import '../i18n';
import { FiguresList } from './figures-list';

/** One member's own figures over a period, opened by the project's owner from the members list. */
export function PersonFiguresModal({
  projectId,
  member,
  onClose,
}: {
  projectId: string;
  member: { id: string; name: string };
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [days, setDays] = useState<AnalyticsPeriod>(30);
  const { data, error, isPending } = usePersonFigures(projectId, member.id, days);
  return (
    <Modal
      open
      onOpenChange={(open) => !open && onClose()}
      title={t('teams.figures.title', { name: member.name })}
      description={t('teams.figures.private')}
    >
      <div className="flex flex-col gap-4">
        <SelectField
          label={t('teams.figures.period')}
          value={days}
          onChange={(event) => setDays(Number(event.target.value) as AnalyticsPeriod)}
        >
          {ANALYTICS_PERIODS.map((value) => (
            <option key={value} value={value}>
              {t('teams.figures.lastDays', { count: value })}
            </option>
          ))}
        </SelectField>
        {isPending ? (
          <Spinner label={t('teams.figures.loading')} />
        ) : error ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {translateError(t, toApiError(error))}
          </p>
        ) : (
          <FiguresList figures={data} />
        )}
      </div>
    </Modal>
  );
}
