import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Logo } from '../../../components/ui/logo';

/** SPEC §2: the sign-in pages are a centred card with the logo and the tagline. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col items-center justify-center bg-slate-50 px-4 py-10 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <main className="w-full max-w-md">
        <Card className="p-8">
          <div className="mb-6 flex flex-col items-center gap-3 text-center">
            <Logo />
            <p className="text-sm text-slate-600 dark:text-slate-400">{t('app.tagline')}</p>
            <h1 className="text-2xl font-semibold">{title}</h1>
          </div>
          {children}
        </Card>
      </main>
    </div>
  );
}
