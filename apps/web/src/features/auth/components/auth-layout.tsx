import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card } from '../../../components/ui/card';
import { Logo } from '../../../components/ui/logo';
import { LanguageSwitch } from '../../../components/preferences/language-switch';
import { ThemeSwitch } from '../../../components/preferences/theme-switch';

/**
 * Spec §2: the sign-in pages are a centred card with the logo and the tagline. Above it, language
 * and theme can be chosen before signing in: a first visit must not be stuck in a language the
 * visitor cannot read.
 */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900 dark:bg-slate-950 dark:text-slate-100">
      <header className="flex flex-wrap items-center justify-end gap-2 px-4 py-3">
        <LanguageSwitch />
        <ThemeSwitch />
      </header>
      <div className="flex flex-1 items-center justify-center px-4 pt-2 pb-10">
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
    </div>
  );
}
