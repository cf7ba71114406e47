import { zodResolver } from '@hookform/resolvers/zod';
import type { UpdateUserSettingsBody } from '@rota/contracts';
import { useForm, type FieldValues, type Path, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { CheckboxField } from '../../../components/ui/checkbox-field';
import { toApiError } from '../../../lib/api-error';
import { describeFailure } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import { useUpdateSettings } from '../api/update-settings';
import { SaveButton } from './settings-section';

/**
 * A settings section made of on/off flags (notifications, integrations): its own form, checked by
 * the contract's schema, saved as that part of the settings document alone.
 */
export function FlagsForm<Flags extends FieldValues & Record<string, boolean>>({
  part,
  schema,
  flags,
  groups,
  labelKey,
  descriptionKey,
}: {
  part: 'notifications' | 'integrations';
  schema: z.ZodType<Flags, Flags>;
  flags: Flags;
  /** The flags in the order shown, in groups with an optional legend key. */
  groups: ReadonlyArray<{
    legendKey?: string;
    names: ReadonlyArray<Path<Flags>>;
    /** A sentence under the group's flags (what is not built yet). */
    noteKey?: string;
  }>;
  labelKey: (name: string) => string;
  /** A flag's description key, for the flags that have one. */
  descriptionKey?: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const { mutateAsync } = useUpdateSettings();
  const {
    register,
    handleSubmit,
    formState: { isSubmitting },
  } = useForm<Flags>({
    resolver: zodResolver(schema) as unknown as Resolver<Flags>,
    values: flags,
    resetOptions: { keepDirtyValues: true },
  });

  const submit = handleSubmit(async (values) => {
    try {
      await mutateAsync({ [part]: values } as UpdateUserSettingsBody);
      notify.success(t(`settings.${part}.saved`));
    } catch (caught) {
      const { title, detail } = describeFailure(t, `settings.${part}.failed`, toApiError(caught));
      notify.error(title, detail ? { description: detail } : {});
    }
  });

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {groups.map((group, index) => (
        <fieldset key={group.legendKey ?? index} className="flex min-w-0 flex-col gap-3">
          {group.legendKey && (
            <legend className="mb-1 text-sm font-semibold text-slate-800 dark:text-slate-200">
              {t(group.legendKey)}
            </legend>
          )}
          {group.names.map((name) => {
            const described = descriptionKey?.(name);
            return (
              <CheckboxField
                key={name}
                label={t(labelKey(name))}
                description={described ? t(described) : undefined}
                {...register(name)}
              />
            );
          })}
          {group.noteKey && (
            <p className="text-xs text-slate-600 dark:text-slate-400">{t(group.noteKey)}</p>
          )}
        </fieldset>
      ))}
      <SaveButton saving={isSubmitting} />
    </form>
  );
}
