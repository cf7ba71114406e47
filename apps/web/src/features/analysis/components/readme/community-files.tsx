import type { CommunityFilesCheck } from '@rota/contracts';
import { CheckCircle2, XCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** GitHub's community profile checklist: each file present (and where) or missing (and why add it). */
export function CommunityFiles({ check }: { check: CommunityFilesCheck }) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        {t('analysis.readme.communityCount', { present: check.present, total: check.total })}
      </p>
      <ul className="flex flex-col gap-2" data-testid="community-files">
        {check.files.map((file) => (
          <li key={file.kind} className="flex gap-2 text-sm">
            {file.present ? (
              <CheckCircle2
                className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400"
                aria-hidden="true"
              />
            ) : (
              <XCircle
                className="mt-0.5 size-4 shrink-0 text-red-600 dark:text-red-400"
                aria-hidden="true"
              />
            )}
            <div className="flex min-w-0 flex-col">
              <span>
                <span className="font-medium">{t(`analysis.readme.community.${file.kind}`)}</span>
                <span className="sr-only">
                  : {file.present ? t('analysis.readme.present') : t('analysis.readme.missing')}
                </span>
              </span>
              {file.present ? (
                <span className="text-xs break-all text-slate-600 dark:text-slate-400">
                  {file.found
                    .map(
                      (found) =>
                        `${found.path} (${t(`analysis.readme.location.${found.location}`)})`,
                    )
                    .join(', ')}
                </span>
              ) : (
                file.suggestionKey && (
                  <span className="text-xs text-slate-600 dark:text-slate-400">
                    {t(file.suggestionKey)}
                  </span>
                )
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
