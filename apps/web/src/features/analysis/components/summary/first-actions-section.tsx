import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * "What to do first" with its heading, as the Overview's summary, the report's summary and both
 * their loading frames show it: one markup, so a frame and its loaded page cannot drift apart.
 */
export function FirstActionsSection({
  titleId,
  children,
}: {
  titleId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2">
      <h3 id={titleId} className="font-semibold">
        {t('analysis.summary.firstActionsTitle')}
      </h3>
      {children}
    </section>
  );
}
