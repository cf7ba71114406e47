import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert';
import type { ApiError } from '../../../lib/api-error';
import { translateError, translateValidation } from '../../../lib/error-text';

export interface FormErrorState {
  error: ApiError;
  /** Server field errors that no input shows; when empty the error's own message is shown. */
  unplaced: string[];
}

/** The form-level part of a server error, translated at render so it follows the language. */
export function FormError({ state }: { state: FormErrorState | null }) {
  const { t } = useTranslation();
  if (!state) return null;
  const text =
    state.unplaced.length > 0
      ? state.unplaced.map((message) => translateValidation(t, message)).join(' ')
      : translateError(t, state.error);
  return <Alert data-testid="form-error">{text}</Alert>;
}
