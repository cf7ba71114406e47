import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Field, SelectField, TextareaField } from '../../../components/ui/field';
import { toApiError } from '../../../lib/api-error';
import { describeFailure, translateValidation } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import {
  placeServerErrors,
  ProjectFormSchema,
  toProjectPayload,
  type ProjectFormOutput,
  type ProjectFormValues,
  type ProjectPayload,
} from '../project-form-schema';
import {
  closeProjectFormDraft,
  projectFormDraft,
  settleProjectFormDraft,
  unsettleProjectFormDraft,
} from '../project-form-drafts';
import { PublishReviewsField } from './publish-reviews-field';
import { PROJECT_STATUSES } from './status-badge';
import { RepoRows } from './repo-rows';

export interface ProjectFormProps {
  mode: 'create' | 'edit';
  defaultValues: ProjectFormValues;
  /** Resolves when saved; rejects with the API's error, which the form then shows. */
  onSubmit: (payload: ProjectPayload) => Promise<unknown>;
  onCancel: () => void;
  /** Told while a save is running, so the modal can refuse to close mid-save. */
  onPendingChange?: (pending: boolean) => void;
  /**
   * Names this form's draft ("create", "edit:<id>"): closed any other way than Save or Cancel, the
   * form keeps what was typed under it and shows it again when it reopens (project-form-drafts).
   */
  draftKey: string;
}

interface FormFailure {
  title: string;
  lines: string[];
}

/** Create and edit share one form: spec §5 validation, per-row repo errors, server errors placed. */
export function ProjectForm({
  mode,
  defaultValues,
  onSubmit,
  onCancel,
  onPendingChange,
  draftKey,
}: ProjectFormProps) {
  const { t } = useTranslation();
  const [draft] = useState(() => projectFormDraft(draftKey));
  const form = useForm<ProjectFormValues, unknown, ProjectFormOutput>({
    // The form holds plain strings, a narrower shape than the schema's input (which also takes
    // null and missing values), so the resolver is typed to it.
    resolver: zodResolver(ProjectFormSchema) as Resolver<
      ProjectFormValues,
      unknown,
      ProjectFormOutput
    >,
    defaultValues: draft ?? defaultValues,
  });
  const {
    register,
    handleSubmit,
    setError,
    getValues,
    formState: { errors, isSubmitting },
  } = form;
  const [failure, setFailure] = useState<FormFailure | null>(null);
  const failureKey = mode === 'create' ? 'errors.createProject' : 'errors.updateProject';
  // Saved or cancelled: nothing to keep. Otherwise a changed form keeps its values as it closes.
  const [initial] = useState(() => JSON.stringify(defaultValues));
  useEffect(
    () => () => {
      const values = form.getValues();
      closeProjectFormDraft(draftKey, values, JSON.stringify(values) !== initial);
    },
    [form, draftKey, initial],
  );
  const cancel = () => {
    settleProjectFormDraft(draftKey);
    onCancel();
  };

  const submit = handleSubmit(async (values) => {
    setFailure(null);
    onPendingChange?.(true);
    try {
      settleProjectFormDraft(draftKey);
      await onSubmit(toProjectPayload(values, { withStatus: mode === 'edit' }));
    } catch (caught) {
      unsettleProjectFormDraft(draftKey);
      const error = toApiError(caught);
      const { title, detail } = describeFailure(t, failureKey, error);
      const { onFields, unplaced } = placeServerErrors(error.errors, getValues('repos').length);
      onFields.forEach(({ path, message }, index) =>
        setError(path, { type: 'server', message }, { shouldFocus: index === 0 }),
      );
      if (onFields.length === 0 || unplaced.length > 0) {
        const lines = unplaced.length
          ? unplaced.map((message) => translateValidation(t, message) ?? message)
          : detail
            ? [detail]
            : [];
        setFailure({ title, lines });
      }
      notify.error(title, detail ? { description: detail } : {});
    } finally {
      onPendingChange?.(false);
    }
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      {draft && (
        <p className="text-sm text-slate-600 dark:text-slate-400" data-testid="project-form-draft">
          {t('projects.form.draftRestored')}
        </p>
      )}
      {failure && (
        <Alert data-testid="project-form-error">
          <p className="font-semibold">{failure.title}</p>
          {failure.lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </Alert>
      )}
      <Field
        label={t('projects.form.name')}
        autoComplete="off"
        // The dialog opens on the name, the one field every project needs.
        data-autofocus
        error={translateValidation(t, errors.name?.message)}
        {...register('name')}
      />
      <TextareaField
        label={t('projects.form.description')}
        rows={2}
        error={translateValidation(t, errors.description?.message)}
        {...register('description')}
      />
      <TextareaField
        label={t('projects.form.reviewPrompt')}
        hint={t('projects.form.reviewPromptHint')}
        placeholder={t('projects.form.reviewPromptPlaceholder')}
        rows={4}
        error={translateValidation(t, errors.review_prompt?.message)}
        {...register('review_prompt')}
      />
      {mode === 'edit' && (
        <SelectField
          label={t('projects.form.status')}
          hint={t('projects.form.statusHint')}
          error={translateValidation(t, errors.status?.message)}
          {...register('status')}
        >
          {PROJECT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {t(`projects.status.${status}`)}
            </option>
          ))}
        </SelectField>
      )}
      {mode === 'edit' && <PublishReviewsField {...register('publish_reviews')} />}
      <RepoRows form={form} />
      {/* Sticky at the dialog's bottom edge (-bottom-6: the dialog's padding, which sticky counts
          in): on a 900 px screen the repositories push the buttons
          out of view, and a form whose Save must be scrolled to reads as one without it. */}
      <div
        className="sticky -bottom-6 -mx-6 -mb-6 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-6 py-4 sm:flex-row sm:justify-end dark:border-slate-800 dark:bg-slate-900"
        data-testid="project-form-actions"
      >
        <Button variant="secondary" onClick={cancel} disabled={isSubmitting}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
          {isSubmitting && <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />}
          {isSubmitting
            ? t('projects.form.saving')
            : mode === 'create'
              ? t('projects.form.create')
              : t('projects.form.save')}
        </Button>
      </div>
    </form>
  );
}
