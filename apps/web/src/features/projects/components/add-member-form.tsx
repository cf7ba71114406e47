import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toApiError } from '../../../lib/api-error';
import { describeFailure, translateValidation } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import { useAddMember } from '../api/add-member';
import { MemberFormSchema, type MemberFormValues } from '../member-form-schema';
import { MEMBER_FIELDS, MemberFormLayout, type MemberField } from './member-form-layout';

const emptyMember: MemberFormValues = { name: '', role: '', github_login: '' };

/**
 * The add-member form. Its own chunk with the form library (see add-member.tsx); `focusOnMount`
 * is the field the user had reached in the stand-in before this loaded.
 */
export function AddMemberForm({
  projectId,
  focusOnMount,
}: {
  projectId: string;
  focusOnMount?: MemberField | undefined;
}) {
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

  useEffect(() => {
    if (focusOnMount) setFocus(focusOnMount);
    // Only on mount: later focus is the user's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

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
        const field = MEMBER_FIELDS.find((name) => name === item.path);
        if (!field) continue;
        setError(field, { type: 'server', message: item.message }, { shouldFocus: !placed });
        placed = true;
      }
      notify.error(title, detail ? { description: detail } : {});
    }
  });

  return (
    <MemberFormLayout
      onSubmit={submit}
      control={(field) => register(field)}
      errors={{
        name: translateValidation(t, errors.name?.message),
        role: translateValidation(t, errors.role?.message),
        github_login: translateValidation(t, errors.github_login?.message),
      }}
      submitting={isSubmitting}
    />
  );
}
