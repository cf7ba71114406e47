import { useTranslation } from 'react-i18next';
import type { ReviewLlm } from '@rota/contracts';

/** Who reviewed: the built-in rules alone, or also a model, with the prompt it was given. */
export function ReviewReviewer({ llm }: { llm: ReviewLlm | null | undefined }) {
  const { t } = useTranslation();
  if (!llm) {
    return (
      <p className="text-sm text-slate-700 dark:text-slate-300" data-testid="review-rules-only">
        {t('reviews.detail.rulesOnly')}
      </p>
    );
  }
  const notSent = llm.files_not_sent;
  return (
    <div className="flex flex-col gap-3 text-sm" data-testid="review-llm">
      {llm.model && <p>{t('reviews.detail.model', { model: llm.model })}</p>}
      <div className="flex flex-col gap-1">
        <h3 className="font-semibold">{t('reviews.detail.prompt')}</h3>
        {llm.prompt ? (
          <pre
            className="overflow-x-auto rounded-md bg-slate-100 p-2 font-mono text-xs whitespace-pre-wrap wrap-anywhere dark:bg-slate-950"
            data-testid="review-prompt"
          >
            {llm.prompt}
          </pre>
        ) : (
          <p className="text-slate-600 dark:text-slate-400">{t('reviews.detail.noPrompt')}</p>
        )}
      </div>
      {llm.summary && (
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold">{t('reviews.detail.summary')}</h3>
          <p className="text-xs text-slate-600 italic dark:text-slate-400">
            {t('reviews.detail.llmText')}
          </p>
          <p className="whitespace-pre-line wrap-anywhere">{llm.summary}</p>
        </div>
      )}
      {notSent.length > 0 && (
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold">{t('reviews.detail.filesNotSent')}</h3>
          <ul className="flex flex-col gap-0.5 font-mono text-xs">
            {notSent.map((file) => (
              <li key={file} className="break-all">
                {file}
              </li>
            ))}
          </ul>
        </div>
      )}
      {llm.error && (
        <p className="text-amber-800 dark:text-amber-300">
          {t('reviews.detail.llmError', { error: llm.error })}
        </p>
      )}
    </div>
  );
}
