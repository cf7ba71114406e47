import { useCallback, useState } from 'react';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-error';
import { translateError } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import type { FormErrorState } from './form-error';
import { splitServerErrors } from './server-errors';

/**
 * A rejected submit is shown twice on purpose: a toast that cannot be missed, and inline text
 * that stays next to what needs fixing (field errors on their fields, the rest above the form).
 */
export function useServerError<T extends FieldValues>(
  setError: UseFormSetError<T>,
  fields: readonly Path<T>[],
) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<FormErrorState | null>(null);

  const showServerError = useCallback(
    (error: ApiError) => {
      const { onFields, elsewhere } = splitServerErrors(error, fields);
      for (const { field, message } of onFields) setError(field, { type: 'server', message });
      const placedAll = onFields.length > 0 && elsewhere.length === 0;
      setFormError(placedAll ? null : { error, unplaced: elsewhere.map((item) => item.message) });
      notify.error(translateError(t, error));
    },
    [fields, setError, t],
  );

  const clearFormError = useCallback(() => setFormError(null), []);
  return { formError, showServerError, clearFormError };
}
