import { LoaderCircle, UserPlus } from 'lucide-react';
import type { ComponentProps, FormEventHandler } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';

export const MEMBER_FIELDS = ['name', 'role', 'github_login'] as const;
export type MemberField = (typeof MEMBER_FIELDS)[number];

/**
 * The add-member form's markup, shared by the form itself (add-member-form.tsx, with the form
 * library) and the stand-in the project page paints before that library has loaded
 * (add-member.tsx): both look the same, so nothing moves when one replaces the other.
 */
export function MemberFormLayout({
  onSubmit,
  control,
  errors = {},
  submitting = false,
  waiting = false,
}: {
  onSubmit?: FormEventHandler<HTMLFormElement>;
  /** The input's own props for each field (the form library's `register`, or read-only ones). */
  control: (field: MemberField) => ComponentProps<'input'>;
  /** Already translated. */
  errors?: Partial<Record<MemberField, string | undefined>>;
  submitting?: boolean;
  /** The stand-in: its fields cannot be typed into yet (the form's code is still loading). */
  waiting?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby="add-member-title"
      aria-busy={waiting || undefined}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h3 id="add-member-title" className="text-sm font-semibold">
        {t('projects.addMember.title')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field
          label={t('projects.addMember.name')}
          autoComplete="off"
          error={errors.name}
          {...control('name')}
        />
        <Field
          label={t('projects.addMember.role')}
          placeholder={t('projects.addMember.rolePlaceholder')}
          autoComplete="off"
          error={errors.role}
          {...control('role')}
        />
        <Field
          label={t('projects.addMember.githubLogin')}
          placeholder={t('projects.addMember.githubLoginPlaceholder')}
          autoComplete="off"
          spellCheck={false}
          error={errors.github_login}
          {...control('github_login')}
        />
      </div>
      <Button type="submit" className="self-start" disabled={submitting} aria-busy={submitting}>
        {submitting ? (
          <LoaderCircle className="size-4 animate-spin" aria-hidden="true" />
        ) : (
          <UserPlus className="size-4" aria-hidden="true" />
        )}
        {t('projects.addMember.submit')}
      </Button>
    </form>
  );
}
