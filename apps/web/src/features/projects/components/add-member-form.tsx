import { zodResolver } from '@hookform/resolvers/zod';
import { LoaderCircle, UserPlus } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { toApiError } from '../../../lib/api-error';
import { describeFailure, translateValidation } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import { useAddMember } from '../api/add-member';
import { MemberFormSchema, type MemberFormValues } from '../member-form-schema';

const FIELDS = ['name', 'role', 'github_login'] as const;
const emptyMember: MemberFormValues = { name: '', role: '', github_login: '' };

export function AddMemberForm({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const { mutateAsync } = useAddMember(projectId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm({ resolver: zodResolver(MemberFormSchema), defaultValues: emptyMember });

  // Ready for the next member: the emptied form takes focus once it has re-rendered.
  const [added, setAdded] = useState(0);
  useEffect(() => {
    if (added > 0) setFocus('name');
  }, [added, setFocus]);

  const submit = handleSubmit(async (values) => {
    try {
      const member = await mutateAsync(values);
      notify.success(t('projects.addMember.success', { name: member.name }));
      reset(emptyMember);
      setAdded((count) => count + 1);
    } catch (caught) {
      const error = toApiError(caught);
      const { title, detail } = describeFailure(t, 'projects.addMember.failed', error);
      let placed = false;
      for (const item of error.errors) {
        const field = FIELDS.find((name) => name === item.path);
        if (!field) continue;
        setError(field, { type: 'server', message: item.message }, { shouldFocus: !placed });
        placed = true;
      }
      notify.error(title, detail ? { description: detail } : {});
    }
  });

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-labelledby="add-member-title"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id="add-member-title" className="text-sm font-semibold">
        {t('projects.addMember.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          label={t('projects.addMember.name')}
          autoComplete="off"
          error={translateValidation(t, errors.name?.message)}
          {...register('name')}
        />
        <Field
          label={t('projects.addMember.role')}
          placeholder={t('projects.addMember.rolePlaceholder')}
          autoComplete="off"
          error={translateValidation(t, errors.role?.message)}
          {...register('role')}
        />
        <Field
          label={t('projects.addMember.githubLogin')}
          placeholder={t('projects.addMember.githubLoginPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          error={translateValidation(t, errors.github_login?.message)}
          {...register('github_login')}
        />
      </div>
      <Button type="submit" className="self-start" disabled={isSubmitting} aria-busy={isSubmitting}>
        {isSubmitting ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <UserPlus className="size-4" aria-hidden="true" />
        )}
        {t('projects.addMember.submit')}
      </Button>
    </form>
  );
}
