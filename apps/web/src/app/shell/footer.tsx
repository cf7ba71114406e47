import { useTranslation } from 'react-i18next';

export function Footer() {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <p className="mx-auto max-w-6xl px-4 py-4 text-center text-sm text-slate-600 dark:text-slate-400">
        © {new Date().getFullYear()} · {t('footer.credit', { product: t('app.name') })}
      </p>
    </footer>
  );
}
