import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { useMyFigures } from '../api/teams-api';
import '../i18n';
import { FiguresList } from './figures-list';

/**
 * "My figures" on the dashboard: the signed-in user's own figures over the last 30 days in each
 * project their GitHub login is a member of; nothing when they are a member of none.
 */
export function MyFiguresCard() {
  const { t } = useTranslation();
  const { data } = useMyFigures(30);
  if (!data || data.length === 0) return null;
  return (
    <Card className="flex flex-col gap-4 p-5" role="region" aria-labelledby="my-figures-title">
      <div className="flex flex-col gap-1">
        <h2 id="my-figures-title" className="text-lg font-semibold">
          {t('teams.mine.title')}
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">{t('teams.mine.description')}</p>
      </div>
      {data.map((figures) => (
        <section
          key={figures.projectId}
          aria-label={figures.projectName}
          className="flex flex-col gap-2"
        >
          <h3 className="text-sm font-semibold">{figures.projectName}</h3>
          <FiguresList figures={figures} />
        </section>
      ))}
    </Card>
  );
}
