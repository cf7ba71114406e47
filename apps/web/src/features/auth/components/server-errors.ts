import type { FieldError } from '@rota/contracts';
import type { ApiError } from '../../../lib/api-error';

export interface SplitServerErrors<F extends string> {
  onFields: Array<{ field: F; message: string }>;
  /** Field errors no input on this form can show. */
  elsewhere: FieldError[];
}

// Servers name fields as `email`, `body.email` or `/email`; the form only knows `email`.
const lastSegment = (path: string) => path.split(/[./]/).filter(Boolean).pop() ?? '';

/** Sorts a server error's `errors[]` into those a form field can show and the rest. */
export function splitServerErrors<F extends string>(
  error: ApiError,
  fields: readonly F[],
): SplitServerErrors<F> {
  const onFields: SplitServerErrors<F>['onFields'] = [];
  const elsewhere: FieldError[] = [];
  for (const item of error.errors) {
    const field = fields.find((candidate) => candidate === lastSegment(item.path));
    if (field) onFields.push({ field, message: item.message });
    else elsewhere.push(item);
  }
  return { onFields, elsewhere };
}
