import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../lib/api-error';
import { translateError } from '../../../lib/error-text';
import { notify } from '../../../lib/ui-store';
import type { FormErrorState } from './form-error';
import { splitServerErrors } from './server-errors';

/**
 * A 4xx is the server's answer about what was typed (wrong password, e-mail taken, too many
 * tries): it belongs on the form. No answer or a 5xx is trouble the form cannot fix.
 */
export function belongsOnForm(error: ApiError): boolean {
  return error.status !== null && error.status >= 400 && error.status < 500;
}

/**
 * Each rejected submit is said once, where it belongs: field errors on their fields, the rest of
 * the server's answer above the form, and only trouble that has no place on the form (network,
 * server) as a toast.
 */
export function useServerError<F extends string>(
  setError: (field: F, message: string) => void,
  fields: readonly F[],
) {
  const { t } = useTranslation();
  const [formError, setFormError] = useState<FormErrorState | null>(null);

  const showServerError = useCallback(
    (error: ApiError) => {
      if (!belongsOnForm(error)) {
        setFormError(null);
        notify.error(translateError(t, error));
        return;
      }
      const { onFields, elsewhere } = splitServerErrors(error, fields);
      for (const { field, message } of onFields) setError(field, message);
      const placedAll = onFields.length > 0 && elsewhere.length === 0;
      setFormError(placedAll ? null : { error, unplaced: elsewhere.map((item) => item.message) });
    },
    [fields, setError, t],
  );

  const clearFormError = useCallback(() => setFormError(null), []);
  return { formError, showServerError, clearFormError };
}
