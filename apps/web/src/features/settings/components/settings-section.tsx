import { LoaderCircle } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';

/** One section of the settings page: a titled card, its own form and save button inside. */
export function SettingsSection({
  title,
  description,
  testId,
  children,
}: {
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card className="flex flex-col gap-4" data-testid={testId}>
      <section aria-labelledby={headingId} className="flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <h2 id={headingId} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-slate-600 dark:text-slate-400">{description}</p>
        </div>
        {children}
      </section>
    </Card>
  );
}

/** A section's submit button, busy while its save runs. */
export function SaveButton({ saving, label }: { saving: boolean; label?: string }) {
  const { t } = useTranslation();
  return (
    <Button type="submit" disabled={saving} aria-busy={saving || undefined} className="self-start">
      {saving && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
      {label ?? t('settings.save')}
    </Button>
  );
}
