import { parseRepositoryUrl, type GitHubRepo } from '@rota/contracts';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useRef } from 'react';
import { useFieldArray, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { translateValidation } from '../../../lib/error-text';
import { GitHubRepoPicker } from './github-repo-picker';
import {
  DEFAULT_BRANCH,
  emptyRepoRow,
  type ProjectFormOutput,
  type ProjectFormValues,
} from '../project-form-schema';

type Form = UseFormReturn<ProjectFormValues, unknown, ProjectFormOutput>;

/** The project's repositories as rows of URL, branch and optional name; add and remove freely. */
export function RepoRows({ form }: { form: Form }) {
  const { t } = useTranslation();
  const {
    control,
    register,
    setValue,
    formState: { errors, touchedFields },
  } = form;
  const { fields, append, remove } = useFieldArray({ control, name: 'repos' });
  const addButton = useRef<HTMLButtonElement>(null);
  const hintId = useId();

  // A picked repository fills the first empty row, else a new one; then focus goes to its URL.
  const pick = (repo: GitHubRepo) => {
    const row = {
      url: repo.htmlUrl,
      branch: repo.defaultBranch ?? DEFAULT_BRANCH,
      name: repo.name,
    };
    const rows = form.getValues('repos');
    const empty = rows.findIndex((value) => !value.url.trim());
    if (empty >= 0) {
      setValue(`repos.${empty}`, row, { shouldDirty: true, shouldValidate: true });
      form.setFocus(`repos.${empty}.url`);
    } else {
      append(row);
    }
  };

  return (
    <fieldset className="flex flex-col gap-3" aria-describedby={hintId}>
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">
        {t('projects.form.repos')}
      </legend>
      <p id={hintId} className="text-xs text-slate-600 dark:text-slate-400">
        {t('projects.form.reposHint')}
      </p>
      {fields.length === 0 && (
        <p className="rounded-md border border-dashed border-slate-300 px-3 py-4 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
          {t('projects.form.noRepos')}
        </p>
      )}
      <ol className="flex flex-col gap-3">
        {fields.map((field, index) => {
          const rowErrors = errors.repos?.[index];
          const number = index + 1;
          const urlField = register(`repos.${index}.url`);
          return (
            <li key={field.id}>
              <fieldset
                data-testid={`repo-row-${index}`}
                className="relative flex flex-col gap-3 rounded-lg border border-slate-200 p-3 dark:border-slate-700"
              >
                {/* Floated, the legend sits inside the box; first child, it still names the group. */}
                <legend className="float-left py-1 text-sm font-medium text-slate-800 dark:text-slate-200">
                  {t('projects.form.repoLegend', { number })}
                </legend>
                <Button
                  variant="ghost"
                  className="absolute top-2 right-2 px-2 py-1"
                  aria-label={t('projects.form.removeRepo', { number })}
                  onClick={() => {
                    remove(index);
                    // The row and its button are gone; keep keyboard users in the list.
                    requestAnimationFrame(() => addButton.current?.focus());
                  }}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
                <div className="clear-both grid gap-3 sm:grid-cols-[minmax(0,1fr)_10rem]">
                  <Field
                    label={t('projects.form.repoUrl')}
                    placeholder={t('projects.form.repoUrlPlaceholder')}
                    autoComplete="off"
                    spellCheck={false}
                    inputMode="url"
                    error={translateValidation(t, rowErrors?.url?.message)}
                    {...urlField}
                    onChange={(event) => {
                      void urlField.onChange(event);
                      // A browser URL like …/tree/develop names the branch: take it unless the
                      // user already chose one.
                      const parsed = parseRepositoryUrl(event.target.value, { allowLocal: true });
                      const hint = parsed.ok ? parsed.value.branchHint : null;
                      if (hint && !touchedFields.repos?.[index]?.branch) {
                        setValue(`repos.${index}.branch`, hint);
                      }
                    }}
                  />
                  <Field
                    label={t('projects.form.branch')}
                    placeholder={t('failures.branchPlaceholder')}
                    hint={t('failures.branchHint')}
                    autoComplete="off"
                    spellCheck={false}
                    error={translateValidation(t, rowErrors?.branch?.message)}
                    {...register(`repos.${index}.branch`)}
                  />
                </div>
                <Field
                  label={t('projects.form.repoName')}
                  hint={t('projects.form.repoNameHint')}
                  autoComplete="off"
                  error={translateValidation(t, rowErrors?.name?.message)}
                  {...register(`repos.${index}.name`)}
                />
              </fieldset>
            </li>
          );
        })}
      </ol>
      <Button
        ref={addButton}
        variant="secondary"
        className="self-start"
        onClick={() => append(emptyRepoRow())}
      >
        <Plus className="size-4" aria-hidden="true" />
        {t('projects.form.addRepo')}
      </Button>
      <GitHubRepoPicker onPick={pick} />
    </fieldset>
  );
}
