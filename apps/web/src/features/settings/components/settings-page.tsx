import { useTranslation } from 'react-i18next';
import { Avatar } from '../../../components/ui/avatar';
import { Card } from '../../../components/ui/card';
import { displayName, initialOf } from '../../../lib/display-name';

export interface SettingsPageProps {
  user: { name?: string | null; email: string } | null;
}

/** A profile summary; notification, integration and preference settings are not built yet. */
export function SettingsPage({ user }: SettingsPageProps) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-2xl font-semibold">{t('settings.title')}</h1>
      {user && (
        <Card className="flex flex-col gap-4">
          <h2 className="text-lg font-semibold">{t('settings.profileTitle')}</h2>
          <div className="flex items-center gap-4">
            <Avatar initial={initialOf(user)} className="size-14 text-xl" />
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-600 dark:text-slate-400">{t('settings.name')}</dt>
              <dd>{user.name?.trim() ? displayName(user) : t('settings.noName')}</dd>
              <dt className="text-slate-600 dark:text-slate-400">{t('settings.email')}</dt>
              <dd>{user.email}</dd>
            </dl>
          </div>
        </Card>
      )}
      <p className="text-sm text-slate-600 dark:text-slate-400">{t('settings.moreSoon')}</p>
    </div>
  );
}
